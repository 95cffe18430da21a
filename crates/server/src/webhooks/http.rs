//! One POST to a webhook's URL, over HTTP or HTTPS (rustls with Mozilla's
//! roots, so no system TLS library is needed), within a time limit. Errors
//! are plain words for the host's eyes and never name the URL: a webhook
//! URL is a secret and errors are logged.

use super::address::Reach;
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
        // Brackets only wrap an IPv6 address: `https://[]/x` names no host.
        let host = uri
            .host()
            .map(|h| h.trim_start_matches('[').trim_end_matches(']'))
            .filter(|h| !h.is_empty())
            .ok_or("the webhook URL names no host")?
            .to_string();
        let authority = uri.authority().map_or("", |a| a.as_str());
        if authority.contains('@') {
            // It would be sent as the Host header, and no chat service
            // takes credentials there: its secret is the path.
            return Err("a webhook URL carries no user name or password".into());
        }
        // Read from the text: `Uri` answers "no port" for one it cannot read
        // (99999), which would fall back to the scheme's port and post
        // somewhere else.
        let written_port = match authority.rsplit_once(':') {
            Some((_, port)) if !authority.ends_with(']') => Some(port),
            _ => None,
        };
        let port = match written_port {
            None => {
                if tls {
                    443
                } else {
                    80
                }
            }
            Some(text) => text
                .parse::<u16>()
                .ok()
                .filter(|&p| p != 0)
                .ok_or("the webhook URL's port is not a number from 1 to 65535")?,
        };
        Ok(Target {
            uri,
            tls,
            host,
            port,
        })
    }

    /// Refuses a URL whose host is written as a forbidden address
    /// (the `address` module).
    pub fn check_address(&self, allow_private: bool) -> Result<(), String> {
        super::address::check_literal(&self.host, allow_private)
    }

    /// Resolves the host and refuses a name with a forbidden address.
    pub async fn resolve(&self, reach: &Reach) -> Result<Vec<std::net::SocketAddr>, String> {
        super::address::resolve(&self.host, self.port, reach).await
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

/// A receiver's answer: its status, and its `Retry-After` header if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    pub status: u16,
    pub retry_after: Option<String>,
}

/// Posts `body` to `target` and returns the answer, or why there was
/// none, all within `limit`. The host's addresses are checked first
/// (`reach`: [`super::address`]).
pub async fn post(
    target: &Target,
    content_type: &str,
    body: Vec<u8>,
    limit: Duration,
    reach: &Reach,
) -> Result<Answer, String> {
    let now = post_now(target, content_type, body, reach);
    match tokio::time::timeout(limit, now).await {
        Ok(answer) => answer,
        Err(_) => Err(format!(
            "no answer within {} s",
            limit.as_secs_f64().round()
        )),
    }
}

async fn post_now(
    target: &Target,
    content_type: &str,
    body: Vec<u8>,
    reach: &Reach,
) -> Result<Answer, String> {
    target.check_address(reach.allow_private)?;
    // Only the addresses checked are connected to.
    let addrs = target.resolve(reach).await?;
    let tcp = TcpStream::connect(&addrs[..])
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
) -> Result<Answer, String>
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
    let retry_after = answer
        .headers()
        .get(header::RETRY_AFTER)
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    // Read (a bounded part of) the answer so the receiver sees it taken.
    let _ = axum::body::to_bytes(Body::new(answer.into_body()), ANSWER_LIMIT).await;
    Ok(Answer {
        status,
        retry_after,
    })
}

/// How long a `Retry-After` value asks to wait from `now_ms` (unix ms):
/// whole seconds, or an HTTP date (`Sun, 06 Nov 1994 08:49:37 GMT`); `None`
/// when it is neither. A date in the past asks for no wait.
pub fn retry_after(value: &str, now_ms: i64) -> Option<Duration> {
    let value = value.trim();
    if let Ok(secs) = value.parse::<u64>() {
        return Some(Duration::from_secs(secs));
    }
    let at_ms = http_date_ms(value)?;
    // `now_ms` is the caller's clock, not the receiver's; saturate so a
    // clock far from 1970..9999 cannot overflow the wait.
    Some(Duration::from_millis(
        at_ms.saturating_sub(now_ms).max(0) as u64
    ))
}

/// An IMF-fixdate (RFC 9110 §5.6.7) as unix ms.
fn http_date_ms(text: &str) -> Option<i64> {
    let parts: Vec<&str> = text.split_whitespace().collect();
    let [_weekday, day, month, year, time, "GMT"] = parts[..] else {
        return None;
    };
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let month = MONTHS.iter().position(|m| *m == month)? as i64 + 1;
    let (day, year): (i64, i64) = (day.parse().ok()?, year.parse().ok()?);
    let hms: Vec<i64> = time
        .split(':')
        .map(|p| p.parse().ok())
        .collect::<Option<_>>()?;
    let [h, m, s] = hms[..] else {
        return None;
    };
    // The format's year has four digits; a bound also keeps the day count
    // below from overflowing on a receiver's nonsense.
    let fits = (1..=9999).contains(&year)
        && (1..=31).contains(&day)
        && (0..=23).contains(&h)
        && (0..=59).contains(&m)
        && (0..=60).contains(&s);
    if !fits {
        return None;
    }
    // Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's
    // days_from_civil).
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    Some(((days * 24 + h) * 60 + m) * 60_000 + s * 1000)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retry_after_reads_seconds_and_dates() {
        assert_eq!(retry_after("120", 0), Some(Duration::from_secs(120)));
        // 1994-11-06 08:49:37 UTC is 784111777 s after the epoch.
        assert_eq!(
            http_date_ms("Sun, 06 Nov 1994 08:49:37 GMT"),
            Some(784_111_777_000)
        );
        assert_eq!(http_date_ms("Thu, 01 Jan 1970 00:00:00 GMT"), Some(0));
        assert_eq!(
            http_date_ms("Tue, 29 Feb 2000 12:00:00 GMT"),
            Some(951_825_600_000)
        );
        let now = 784_111_777_000 - 30_000;
        assert_eq!(
            retry_after("Sun, 06 Nov 1994 08:49:37 GMT", now),
            Some(Duration::from_secs(30))
        );
        assert_eq!(
            retry_after("Sun, 06 Nov 1994 08:49:37 GMT", now + 60_000),
            Some(Duration::ZERO)
        );
        // A year past four digits is no HTTP date (and its day count
        // overflowed, a panic in a debug build).
        let far = "Sun, 06 Nov 99999999999999 08:49:37 GMT";
        assert_eq!(http_date_ms(far), None);
        assert_eq!(http_date_ms("Sun, 06 Nov 10000 08:49:37 GMT"), None);
        let before = "Sun, 06 Nov 1994 -999999999999999999:49:37 GMT";
        assert_eq!(http_date_ms(before), None);
        assert_eq!(
            http_date_ms("Fri, 31 Dec 9999 23:59:59 GMT"),
            Some(253_402_300_799_000)
        );
        for bad in ["soon", "-5", "Sun, 06 Nov 1994 08:49:37 PST", "", far] {
            assert_eq!(retry_after(bad, 0), None, "{bad}");
        }
    }

    #[test]
    fn a_date_waits_whatever_the_clock_says() {
        // Found by the webhook_inputs fuzz check with overflow checks on: a
        // time now near i64::MIN overflowed the subtraction (a panic in a
        // debug build, a wrong wait in a release build).
        let date = "Sun, 07 Nov 3986 08:49:37 GMT";
        let at_ms = http_date_ms(date).unwrap();
        assert_eq!(
            retry_after(date, i64::MIN),
            Some(Duration::from_millis(i64::MAX as u64))
        );
        assert_eq!(retry_after(date, i64::MAX), Some(Duration::ZERO));
        assert_eq!(
            retry_after(date, at_ms - 1500),
            Some(Duration::from_millis(1500))
        );
    }

    #[test]
    fn empty_brackets_name_no_host() {
        // Found by the webhook_inputs fuzz check: read with an empty host.
        for url in ["https://[]3$?3$?x", "https://[]/x", "http://[]:80/"] {
            let e = Target::parse(url).err();
            assert_eq!(e.as_deref(), Some("the webhook URL names no host"), "{url}");
        }
    }

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

    #[test]
    fn the_port_is_the_one_written_or_the_schemes() {
        for (url, port) in [
            ("https://[::1]:8443/x", 8443),
            ("https://[::1]/x", 443),
            ("http://[2001:db8::1]/x", 80),
            ("http://h.example:65535/x", 65535),
            ("http://h.example:1/x", 1),
        ] {
            assert_eq!(Target::parse(url).unwrap().port, port, "{url}");
        }
        for url in [
            "http://h.example:99999/x",
            "http://h.example:0/x",
            "http://h.example:/x",
            "https://[::1]:65536/x",
        ] {
            let e = Target::parse(url).unwrap_err();
            assert!(e.contains("port"), "{url}: {e}");
        }
        let e = Target::parse("https://me:pw@h.example/x").unwrap_err();
        assert!(
            e.contains("user name or password") && !e.contains("pw"),
            "{e}"
        );
    }
}
