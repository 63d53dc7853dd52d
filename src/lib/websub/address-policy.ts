import ipaddr from "ipaddr.js";

/**
 * Which addresses a callback may reach (docs/design.md: "Callbacks reach only the
 * public internet"). Allow-list: only what ipaddr.js calls plain `unicast`
 * passes, so loopback, private (10/8, 172.16/12, 192.168/16), link-local
 * (169.254/16, fe80::/10), CGNAT (100.64/10), multicast, unspecified,
 * broadcast, reserved, ULA (fc00::/7), and the tunnelling forms that embed
 * an IPv4 address (6to4, Teredo, NAT64) are all refused. IPv4-mapped IPv6 is
 * judged by the IPv4 address it carries.
 */
const METADATA_ADDRESSES = new Set([
  "169.254.169.254", // AWS, GCP, Azure, OpenStack instance metadata
  "169.254.170.2", // AWS ECS task metadata
  "168.63.129.16", // Azure platform (WireServer): a public-range address
  "100.100.100.200", // Alibaba Cloud metadata
  "fd00:ec2::254", // AWS IMDS over IPv6
]);

/** Host names that reach metadata services whatever they resolve to. */
const METADATA_NAMES = new Set(["metadata", "metadata.google.internal", "metadata.goog", "instance-data", "instance-data.ec2.internal"]);

/** Why `address` may not be reached, or null when it is a public unicast address. */
export function describeAddressProblem(address: string): string | null {
  if (!ipaddr.isValid(address)) return `"${address}" is not an IP address`;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const normal = parsed.toNormalizedString();
  if (METADATA_ADDRESSES.has(normal) || METADATA_ADDRESSES.has(parsed.toString())) return `${address} is a cloud metadata address`;
  const range = parsed.range();
  return range === "unicast" ? null : `${address} is in the ${range} range`;
}

/**
 * Why a host name is refused before any lookup, or null: metadata services,
 * and the special-use names that are never public, so no DNS query is sent
 * for them. `localhost` and `*.localhost` are the loopback (RFC 6761 §6.3);
 * `*.local` is link-local multicast DNS (RFC 6762).
 */
export function describeHostNameProblem(hostname: string): string | null {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  if (METADATA_NAMES.has(name)) return `${hostname} names a cloud metadata service`;
  if (name === "localhost" || name.endsWith(".localhost")) return `${hostname} is a localhost name, which is the loopback (RFC 6761)`;
  if (name.endsWith(".local")) return `${hostname} is a link-local multicast DNS name (RFC 6762), never a public host`;
  return null;
}

/**
 * The IP address a URL host names literally, or null for a DNS name. The
 * WHATWG URL parser already turned numeric forms such as `2130706433`,
 * `0x7f.1` and `0177.0.0.1` into dotted quads; this also unwraps `[v6]`.
 */
export function parseIpHost(hostname: string): string | null {
  const bare = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
  if (bare.includes(":")) return ipaddr.IPv6.isValid(bare) ? bare : null;
  if (!/^[0-9a-fx.]+$/i.test(bare)) return null; // a DNS name: no numeric form has other characters
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) return bare;
  // Anything else ipaddr.js reads as IPv4 (octal, hex, fewer parts) is a numeric form the URL parser missed: normalize it.
  if (ipaddr.IPv4.isValid(bare)) return ipaddr.IPv4.parse(bare).toString();
  return null;
}
