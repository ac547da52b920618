//! Client addresses: which address a request comes from behind trusted reverse proxies, and
//! the key throttles count it under; and the address the server listens on.

use std::net::{IpAddr, Ipv6Addr, SocketAddr, ToSocketAddrs};

/// Bits of an IPv6 address that name one subscriber: providers hand out a /64 (or more) to
/// each, so counting per address would let one client rotate through 2^64 of them.
const IPV6_SUBSCRIBER_PREFIX_BITS: u8 = 64;

/// An address or a CIDR block ("127.0.0.1", "10.0.0.0/8", "::1", "fd00::/8").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IpBlock {
    network: IpAddr,
    prefix_bits: u8,
}

impl IpBlock {
    pub fn parse(text: &str) -> Option<IpBlock> {
        let text = text.trim();
        let (address, bits) = match text.split_once('/') {
            Some((address, bits)) => (address, Some(bits)),
            None => (text, None),
        };
        let network = canonical(address.parse().ok()?);
        let width = if network.is_ipv4() { 32 } else { 128 };
        let prefix_bits = match bits {
            Some(bits) => bits.parse::<u8>().ok().filter(|bits| *bits <= width)?,
            None => width,
        };
        Some(IpBlock { network, prefix_bits })
    }

    pub fn contains(&self, address: IpAddr) -> bool {
        match (self.network, canonical(address)) {
            (IpAddr::V4(network), IpAddr::V4(address)) => {
                masked(u128::from(network.to_bits()), 32, self.prefix_bits)
                    == masked(u128::from(address.to_bits()), 32, self.prefix_bits)
            }
            (IpAddr::V6(network), IpAddr::V6(address)) => {
                masked(network.to_bits(), 128, self.prefix_bits)
                    == masked(address.to_bits(), 128, self.prefix_bits)
            }
            _ => false,
        }
    }
}

/// The top `prefix_bits` of a `width`-bit number.
fn masked(bits: u128, width: u8, prefix_bits: u8) -> u128 {
    match width - prefix_bits.min(width) {
        shift if u32::from(shift) >= u128::BITS => 0,
        shift => bits >> shift,
    }
}

/// IPv4-mapped IPv6 addresses ("::ffff:1.2.3.4", as dual-stack sockets report) as IPv4.
fn canonical(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(address, IpAddr::V4),
        v4 => v4,
    }
}

/// A listening address as an operator types it, `host:port`: "0.0.0.0:8080", "[::1]:8080" or
/// a host name ("localhost:8080"), resolved to its first IPv4 address, else its first address
/// (what a browser on the same machine reaches first).
pub fn listen_address(text: &str) -> Result<SocketAddr, String> {
    if let Ok(address) = text.parse() {
        return Ok(address);
    }
    let resolved: Vec<SocketAddr> = text
        .to_socket_addrs()
        .map_err(|error| format!("{text:?} is not host:port ({error})"))?
        .collect();
    let first_ipv4 = resolved.iter().find(|address| address.is_ipv4());
    first_ipv4.or(resolved.first()).copied().ok_or_else(|| format!("{text:?} names no address"))
}

/// The client of a request from `peer`: when the peer is a trusted proxy, the right-most
/// X-Forwarded-For entry that is not a trusted proxy (each proxy appends the address it saw,
/// so entries further left were written by the client and prove nothing); otherwise the peer.
pub fn client_address(peer: IpAddr, forwarded_for: &[&str], trusted: &[IpBlock]) -> IpAddr {
    let is_trusted = |address: IpAddr| trusted.iter().any(|block| block.contains(address));
    let mut client = canonical(peer);
    if !is_trusted(client) {
        return client;
    }
    let entries = forwarded_for.iter().rev().flat_map(|header| header.rsplit(','));
    for entry in entries {
        let Ok(address) = entry.trim().parse::<IpAddr>() else {
            // A garbled entry: nothing left of it can be believed.
            return client;
        };
        client = canonical(address);
        if !is_trusted(client) {
            return client;
        }
    }
    client
}

/// What throttles count an address under: an IPv4 address as is, an IPv6 address by its /64.
pub fn throttle_key(address: IpAddr) -> String {
    match canonical(address) {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => {
            let shift = 128 - u32::from(IPV6_SUBSCRIBER_PREFIX_BITS);
            let prefix = Ipv6Addr::from_bits((v6.to_bits() >> shift) << shift);
            format!("{prefix}/{IPV6_SUBSCRIBER_PREFIX_BITS}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_listening_address_may_name_its_host() {
        let local = SocketAddr::from(([127, 0, 0, 1], 8080));
        assert_eq!(listen_address("localhost:8080"), Ok(local));
        assert_eq!(listen_address("127.0.0.1:8080"), Ok(local));
        assert_eq!(listen_address("[::1]:9000"), Ok("[::1]:9000".parse().unwrap()));
        assert!(listen_address("8080").unwrap_err().contains("not host:port"));
        assert!(listen_address("localhost").is_err());
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    fn blocks(texts: &[&str]) -> Vec<IpBlock> {
        texts.iter().map(|text| IpBlock::parse(text).unwrap()).collect()
    }

    #[test]
    fn blocks_parse_addresses_and_cidrs() {
        assert!(IpBlock::parse("10.0.0.0/8").unwrap().contains(ip("10.200.1.1")));
        assert!(!IpBlock::parse("10.0.0.0/8").unwrap().contains(ip("11.0.0.1")));
        assert!(IpBlock::parse("127.0.0.1").unwrap().contains(ip("::ffff:127.0.0.1")));
        assert!(IpBlock::parse("fd00::/8").unwrap().contains(ip("fd12::1")));
        assert!(!IpBlock::parse("::1").unwrap().contains(ip("::2")));
        assert!(IpBlock::parse("0.0.0.0/0").unwrap().contains(ip("203.0.113.7")));
        assert!(!IpBlock::parse("0.0.0.0/0").unwrap().contains(ip("::1")));
        for bad in ["", "10.0.0.0/33", "::/129", "example.com", "10.0.0.0/x", "1.2.3"] {
            assert_eq!(IpBlock::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_client_is_the_rightmost_address_no_trusted_proxy_wrote() {
        let trusted = blocks(&["127.0.0.1", "10.0.0.0/8"]);
        let cases = [
            ("127.0.0.1", &["203.0.113.7"][..], "203.0.113.7"),
            ("127.0.0.1", &["198.51.100.1, 203.0.113.7"], "203.0.113.7"),
            ("127.0.0.1", &["198.51.100.1, 203.0.113.7, 10.0.0.5"], "203.0.113.7"),
            ("127.0.0.1", &["198.51.100.1", "203.0.113.7, 10.0.0.5"], "203.0.113.7"),
            ("127.0.0.1", &[], "127.0.0.1"),
            ("127.0.0.1", &["10.0.0.9"], "10.0.0.9"),
            ("127.0.0.1", &["198.51.100.1, garbage, 10.0.0.5"], "10.0.0.5"),
            ("203.0.113.9", &["198.51.100.1"], "203.0.113.9"),
            ("::ffff:127.0.0.1", &["2001:db8::1"], "2001:db8::1"),
        ];
        for (peer, header, expected) in cases {
            assert_eq!(client_address(ip(peer), header, &trusted), ip(expected), "{header:?}");
        }
    }

    #[test]
    fn ipv6_addresses_are_keyed_by_their_64_bit_prefix() {
        assert_eq!(throttle_key(ip("2001:db8:1:2:aaaa::1")), "2001:db8:1:2::/64");
        assert_eq!(throttle_key(ip("2001:db8:1:2:ffff::9")), "2001:db8:1:2::/64");
        assert_eq!(throttle_key(ip("2001:db8:1:3::1")), "2001:db8:1:3::/64");
        assert_eq!(throttle_key(ip("203.0.113.7")), "203.0.113.7");
        assert_eq!(throttle_key(ip("::ffff:203.0.113.7")), "203.0.113.7");
    }
}
