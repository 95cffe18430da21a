//! One POST to a webhook's URL, over HTTP or HTTPS (rustls with Mozilla's
//! roots, so no system TLS library is needed), within a time limit. Errors
//! are plain words for the host's eyes and never name the URL: a webhook
//! URL is a secret and errors are logged.

use axum::body::Body;
use axum::http::{header, Request, Uri};
use hyper_util::rt::TokioIo;
use std::sync::{Arc, OnceLock};
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_rustls::rustls::{self, pki_types::ServerName};

/// The most of a receiver's answer that is read (and then dropped).
const ANSWER_LIMIT: usize = 64 * 1024;

/// A checked webhook address: `http://` or `https://`, with a host.
#[derive(Clone, Debug)]
pub struct Target {
    uri: Uri,
    tls: bool,
    host: String,
    port: u16,
}

impl Target {
    /// Parses `url`, saying what is wrong with it (without repeating it).
    pub fn parse(url: &str) -> Result<Target, String> {
        if url.len() > 2048 {
            return Err("a webhook URL is at most 2048 characters".into());
        }
        let uri: Uri = url
            .parse()
            .map_err(|_| "the webhook URL is not a URL".to_string())?;
        let tls = match uri.scheme_str() {
            Some("https") => true,
            Some("http") => false,
            _ => return Err("a webhook URL starts with https:// (or http://)".into()),
        };
        let host = uri
            .host()
            .filter(|h| !h.is_empty())
            .ok_or("the webhook URL names no host")?
            .trim_start_matches('[')
            .trim_end_matches(']')
            .to_string();
        let port = uri.port_u16().unwrap_or(if tls { 443 } else { 80 });
        Ok(Target {
            uri,
            tls,
            host,
            port,
        })
    }

    /// The host name, lower case (to guess the chat service).
    pub fn host(&self) -> String {
        self.host.to_ascii_lowercase()
    }
}

fn tls_config() -> Result<Arc<rustls::ClientConfig>, String> {
    static CONFIG: OnceLock<Result<Arc<rustls::ClientConfig>, String>> = OnceLock::new();
    CONFIG
        .get_or_init(|| {
            let roots = rustls::RootCertStore {
                roots: webpki_roots::TLS_SERVER_ROOTS.to_vec(),
            };
            let provider = Arc::new(rustls::crypto::ring::default_provider());
            let config = rustls::ClientConfig::builder_with_provider(provider)
                .with_safe_default_protocol_versions()
                .map_err(|e| format!("TLS setup: {e}"))?
                .with_root_certificates(roots)
                .with_no_client_auth();
            Ok(Arc::new(config))
        })
        .clone()
}

/// Posts `body` to `target` and returns the answer's status code, or why
/// there was none, all within `limit`.
pub async fn post(
    target: &Target,
    content_type: &str,
    body: Vec<u8>,
    limit: Duration,
) -> Result<u16, String> {
    match tokio::time::timeout(limit, post_now(target, content_type, body)).await {
        Ok(answer) => answer,
        Err(_) => Err(format!(
            "no answer within {} s",
            limit.as_secs_f64().round()
        )),
    }
}

async fn post_now(target: &Target, content_type: &str, body: Vec<u8>) -> Result<u16, String> {
    let tcp = TcpStream::connect((target.host.as_str(), target.port))
        .await
        .map_err(|e| format!("could not connect: {}", e.kind()))?;
    if target.tls {
        let name = ServerName::try_from(target.host.clone())
            .map_err(|_| "the webhook URL's host is not a valid TLS name".to_string())?;
        let stream = tokio_rustls::TlsConnector::from(tls_config()?)
            .connect(name, tcp)
            .await
            .map_err(|e| format!("TLS: {e}"))?;
        exchange(TokioIo::new(stream), target, content_type, body).await
    } else {
        exchange(TokioIo::new(tcp), target, content_type, body).await
    }
}

async fn exchange<S>(
    io: TokioIo<S>,
    target: &Target,
    content_type: &str,
    body: Vec<u8>,
) -> Result<u16, String>
where
    S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send + 'static,
{
    let (mut sender, connection) = hyper::client::conn::http1::handshake(io)
        .await
        .map_err(|e| format!("HTTP: {e}"))?;
    tokio::spawn(async move {
        let _ = connection.await;
    });
    let path = target
        .uri
        .path_and_query()
        .map(|p| p.as_str())
        .unwrap_or("/");
    let authority = target
        .uri
        .authority()
        .map(|a| a.as_str().to_string())
        .unwrap_or_else(|| target.host.clone());
    let request = Request::post(path)
        .header(header::HOST, authority)
        .header(header::CONTENT_TYPE, content_type)
        .header(header::CONTENT_LENGTH, body.len())
        .header(header::USER_AGENT, "Arbiter webhooks")
        .body(Body::from(body))
        .map_err(|e| format!("building the request: {e}"))?;
    let answer = sender
        .send_request(request)
        .await
        .map_err(|e| format!("HTTP: {e}"))?;
    let status = answer.status().as_u16();
    // Read (a bounded part of) the answer so the receiver sees it taken.
    let _ = axum::body::to_bytes(Body::new(answer.into_body()), ANSWER_LIMIT).await;
    Ok(status)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_checked() {
        let t = Target::parse("https://discord.com/api/webhooks/1/abc").unwrap();
        assert!(t.tls && t.port == 443 && t.host() == "discord.com");
        let t = Target::parse("http://127.0.0.1:8080/hook?x=1").unwrap();
        assert!(!t.tls && t.port == 8080);
        for bad in ["ftp://x/y", "discord.com/api", "", "https:///nohost"] {
            let e = Target::parse(bad).unwrap_err();
            assert!(!e.contains(bad) || bad.is_empty(), "{e}");
        }
    }
}
