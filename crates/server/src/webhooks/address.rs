//! Where a webhook may post: not to this machine or a private network (a
//! host could otherwise make the server reach what only it can reach),
//! unless the server was started with `--allow-private-webhooks` (as the
//! tests' receiver on loopback is). Both the address written in the URL
//! and every address its name resolves to are checked, and a delivery
//! connects only to an address that was checked.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

/// The rule, in the words every refusal uses.
const RULE: &str = "webhooks may not post to loopback, private, link-local or unspecified \
                    addresses unless the server was started with --allow-private-webhooks";

/// What kind of forbidden address `ip` is, if it is one.
pub fn forbidden(ip: IpAddr) -> Option<&'static str> {
    match ip {
        IpAddr::V4(a) => {
            let [b0, b1, ..] = a.octets();
            if a.is_loopback() {
                Some("loopback")
            } else if a.is_unspecified() || b0 == 0 {
                Some("unspecified")
            } else if a.is_link_local() {
                Some("link-local")
            } else if a.is_private() || (b0 == 100 && (64..128).contains(&b1)) {
                // 100.64.0.0/10 is shared (carrier) address space: private too.
                Some("private")
            } else if a.is_broadcast() {
                Some("broadcast")
            } else {
                None
            }
        }
        IpAddr::V6(a) => {
            if let Some(v4) = a.to_ipv4_mapped() {
                return forbidden(IpAddr::V4(v4));
            }
            let first = a.segments()[0];
            if a.is_loopback() {
                Some("loopback")
            } else if a.is_unspecified() {
                Some("unspecified")
            } else if first & 0xffc0 == 0xfe80 {
                Some("link-local")
            } else if first & 0xfe00 == 0xfc00 {
                Some("private")
            } else {
                None
            }
        }
    }
}

/// The refusal of an address of kind `kind`.
pub fn refusal(kind: &str) -> String {
    let article = if kind.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    };
    format!("the webhook URL's host is {article} {kind} address: {RULE}")
}

/// Checks the address written in a URL's host, if it is one.
pub fn check_literal(host: &str, allow_private: bool) -> Result<(), String> {
    match host.parse::<IpAddr>() {
        Ok(ip) if !allow_private => forbidden(ip).map_or(Ok(()), |kind| Err(refusal(kind))),
        _ => Ok(()),
    }
}

/// How webhook host names become addresses.
#[derive(Clone, Debug, Default)]
pub enum Names {
    /// The system's resolver.
    #[default]
    System,
    /// Only these names, each with its addresses (lower case; an address
    /// written in a URL needs no name). For tests and fuzzing, which must
    /// not wait on the network: a name not here does not resolve.
    Only(Arc<HashMap<String, Vec<IpAddr>>>),
}

/// Where webhooks may post, and how their names are found.
#[derive(Clone, Debug, Default)]
pub struct Reach {
    /// Whether loopback and private addresses are allowed
    /// (`--allow-private-webhooks`).
    pub allow_private: bool,
    pub names: Names,
}

/// Resolves `host:port` and checks every address it names; the addresses
/// to connect to.
pub async fn resolve(host: &str, port: u16, reach: &Reach) -> Result<Vec<SocketAddr>, String> {
    let addrs: Vec<SocketAddr> = match &reach.names {
        Names::System => tokio::net::lookup_host((host, port))
            .await
            .map_err(|e| format!("the webhook URL's host name does not resolve: {}", e.kind()))?
            .collect(),
        Names::Only(names) => match host.parse::<IpAddr>() {
            Ok(ip) => vec![SocketAddr::new(ip, port)],
            Err(_) => (names.get(&host.to_ascii_lowercase()))
                .ok_or("the webhook URL's host name does not resolve: not found")?
                .iter()
                .map(|&ip| SocketAddr::new(ip, port))
                .collect(),
        },
    };
    if addrs.is_empty() {
        return Err("the webhook URL's host name resolves to no address".into());
    }
    if !reach.allow_private {
        // One forbidden address refuses the name: it could be picked next time.
        if let Some(kind) = addrs.iter().find_map(|a| forbidden(a.ip())) {
            return Err(format!(
                "the webhook URL's host name resolves to a {kind} address: {RULE}"
            ));
        }
    }
    Ok(addrs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn private_addresses_are_told_apart_from_public_ones() {
        let kind = |s: &str| forbidden(s.parse().unwrap());
        assert_eq!(kind("127.0.0.1"), Some("loopback"));
        assert_eq!(kind("127.8.9.10"), Some("loopback"));
        assert_eq!(kind("10.1.2.3"), Some("private"));
        assert_eq!(kind("172.16.0.1"), Some("private"));
        assert_eq!(kind("172.32.0.1"), None);
        assert_eq!(kind("192.168.1.1"), Some("private"));
        assert_eq!(kind("100.64.0.1"), Some("private"));
        assert_eq!(kind("169.254.169.254"), Some("link-local"));
        assert_eq!(kind("0.0.0.0"), Some("unspecified"));
        assert_eq!(kind("::"), Some("unspecified"));
        assert_eq!(kind("::1"), Some("loopback"));
        assert_eq!(kind("fe80::1"), Some("link-local"));
        assert_eq!(kind("fd00::1"), Some("private"));
        assert_eq!(kind("::ffff:127.0.0.1"), Some("loopback"));
        assert_eq!(kind("8.8.8.8"), None);
        assert_eq!(kind("2606:4700::1111"), None);
    }

    #[test]
    fn a_refusal_names_the_rule_and_the_opt_in() {
        let e = check_literal("192.168.0.7", false).unwrap_err();
        assert!(
            e.contains("private") && e.contains("--allow-private-webhooks"),
            "{e}"
        );
        assert!(check_literal("192.168.0.7", true).is_ok());
        assert!(check_literal("example.org", false).is_ok());
        let e = check_literal("0.0.0.0", false).unwrap_err();
        assert!(
            e.starts_with("the webhook URL's host is an unspecified address: "),
            "{e}"
        );
        let e = check_literal("127.0.0.1", false).unwrap_err();
        assert!(
            e.starts_with("the webhook URL's host is a loopback address: "),
            "{e}"
        );
    }

    fn reach(allow_private: bool) -> Reach {
        Reach {
            allow_private,
            names: Names::System,
        }
    }

    #[tokio::test]
    async fn a_name_is_checked_after_it_is_resolved() {
        let e = resolve("localhost", 80, &reach(false)).await.unwrap_err();
        assert!(e.contains("loopback") && e.contains("resolves"), "{e}");
        assert!(!resolve("localhost", 80, &reach(true))
            .await
            .unwrap()
            .is_empty());
    }

    #[tokio::test]
    async fn a_fixed_list_of_names_is_the_whole_world() {
        let names: HashMap<String, Vec<IpAddr>> = [
            (
                "hooks.example".to_string(),
                vec!["93.184.216.34".parse().unwrap()],
            ),
            (
                "inside.example".to_string(),
                vec![
                    "93.184.216.35".parse().unwrap(),
                    "10.1.2.3".parse().unwrap(),
                ],
            ),
        ]
        .into();
        let fixed = Reach {
            allow_private: false,
            names: Names::Only(Arc::new(names)),
        };
        // Any case; the port given.
        let found = resolve("Hooks.Example", 8443, &fixed).await.unwrap();
        assert_eq!(found, ["93.184.216.34:8443".parse::<SocketAddr>().unwrap()]);
        // One private address among its addresses refuses the name.
        let e = resolve("inside.example", 80, &fixed).await.unwrap_err();
        assert!(e.contains("private") && e.contains("resolves"), "{e}");
        // Not on the list (even `localhost`): it does not resolve, and
        // nothing is asked of the system.
        for name in ["elsewhere.example", "localhost"] {
            let e = resolve(name, 80, &fixed).await.unwrap_err();
            assert_eq!(e, "the webhook URL's host name does not resolve: not found");
        }
        // An address needs no name, and is still checked.
        assert_eq!(resolve("8.8.8.8", 80, &fixed).await.unwrap().len(), 1);
        let e = resolve("127.0.0.1", 80, &fixed).await.unwrap_err();
        assert!(e.contains("loopback"), "{e}");
    }
}
