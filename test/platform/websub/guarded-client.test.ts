import { describe, expect, it } from "vitest";
import { CallbackRefusedError, createCallbackClient, type Resolver } from "../../../src/platform/websub/guarded-client.ts";
import type { TransportRequest } from "../../../src/platform/websub/https-transport.ts";

/**
 * The SSRF guard's own decision, with an injected resolver and a transport
 * that records instead of connecting: no test here sends any traffic.
 */
const DNS: Record<string, string[]> = {
  "public.example": ["93.184.216.34"],
  "public6.example": ["2606:4700:4700::1111"],
  "loopback.example": ["127.0.0.1"],
  "mixed.example": ["93.184.216.34", "10.0.0.7"],
  "mixed6.example": ["2606:4700:4700::1111", "fd12::1"],
  "metadata.example": ["169.254.169.254"],
  "metadata6.example": ["fd00:ec2::254"],
  "alibaba.example": ["100.100.100.200"],
  "loopback-and-metadata.example": ["127.0.0.1", "169.254.169.254"],
  "mapped.example": ["::ffff:192.168.0.1"],
  "redirect.example": ["93.184.216.34"],
};

function harness(allowPrivate = false) {
  const lookups: string[] = [];
  const connections: TransportRequest[] = [];
  const resolve: Resolver = async (hostname) => {
    lookups.push(hostname);
    const addresses = DNS[hostname];
    if (!addresses) throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
    return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
  const client = createCallbackClient({
    allowPrivate,
    resolve,
    transport: async (request) => {
      connections.push(request);
      // The "redirect" host answers 302 to loopback; everything else 200.
      return { status: request.url.hostname === "redirect.example" ? 302 : 200, body: new Uint8Array(), truncated: false };
    },
  });
  const send = (url: string) => client.send({ url, method: "GET", timeoutMs: 1000, maxAnswerBytes: 1024 });
  return { send, lookups, connections };
}

describe("SSRF guard (docs/design.md: callbacks reach only the public internet)", () => {
  it.each([
    ["127.0.0.1", "https://127.0.0.1/cb"],
    ["localhost", "https://localhost/cb"],
    ["[::1]", "https://[::1]/cb"],
    ["::ffff:127.0.0.1", "https://[::ffff:127.0.0.1]/cb"],
    ["2130706433 (decimal 127.0.0.1)", "https://2130706433/cb"],
    ["0x7f.1 (hex short form)", "https://0x7f.1/cb"],
    ["0177.0.0.1 (octal)", "https://0177.0.0.1/cb"],
    ["10/8", "https://10.1.2.3/cb"],
    ["172.16/12", "https://172.31.255.1/cb"],
    ["192.168/16", "https://192.168.1.10/cb"],
    ["169.254.169.254 (metadata)", "https://169.254.169.254/latest/meta-data/"],
    ["100.64/10 (CGNAT)", "https://100.64.0.1/cb"],
    ["fd00::/8 (ULA)", "https://[fd00::1]/cb"],
    ["fe80::/10 (link-local)", "https://[fe80::1]/cb"],
    ["0.0.0.0", "https://0.0.0.0/cb"],
    ["multicast", "https://224.0.0.1/cb"],
    ["broadcast", "https://255.255.255.255/cb"],
    ["reserved 240/4", "https://240.0.0.1/cb"],
    ["a name resolving to 127.0.0.1", "https://loopback.example/cb"],
    ["a name with one public and one private address", "https://mixed.example/cb"],
    ["a name with one public and one ULA address", "https://mixed6.example/cb"],
    ["a name resolving to the metadata address", "https://metadata.example/cb"],
    ["a name resolving to IPv4-mapped private", "https://mapped.example/cb"],
    ["the GCP metadata name", "https://metadata.google.internal/cb"],
    ["Azure WireServer", "https://168.63.129.16/cb"],
    ["a name that does not resolve", "https://nowhere.example/cb"],
    ["plain HTTP", "http://public.example/cb"],
  ])("refuses %s before connecting", async (_name, url) => {
    const { send, connections } = harness();
    await expect(send(url)).rejects.toBeInstanceOf(CallbackRefusedError);
    expect(connections).toEqual([]);
  });

  it.each(["https://localhost/cb", "https://foo.localhost/cb", "https://printer.local/cb"])(
    "does not ask DNS about the special-use name in %s",
    async (url) => {
      const { send, lookups, connections } = harness();
      await expect(send(url)).rejects.toThrow(/RFC 676[12]/);
      expect(lookups).toEqual([]);
      expect(connections).toEqual([]);
    },
  );

  it("does not ask DNS about a literal address", async () => {
    const { send, lookups } = harness();
    await expect(send("https://2130706433/cb")).rejects.toThrow(/loopback/);
    expect(lookups).toEqual([]);
  });

  it.each([
    ["a public IPv4 name", "https://public.example/cb", "93.184.216.34", "public.example"],
    ["a public IPv6 name", "https://public6.example/cb", "2606:4700:4700::1111", "public6.example"],
  ])("connects %s only to the vetted address, keeping the name for SNI", async (_name, url, address, hostname) => {
    const { send, connections } = harness();
    expect((await send(url)).status).toBe(200);
    expect(connections).toHaveLength(1);
    expect(connections[0]!.address.address).toBe(address);
    expect(connections[0]!.url.hostname).toBe(hostname);
  });

  it("does not follow a redirect to loopback: the 3xx is returned and nothing else is contacted", async () => {
    const { send, connections } = harness();
    expect((await send("https://redirect.example/cb")).status).toBe(302);
    expect(connections.map((c) => c.address.address)).toEqual(["93.184.216.34"]);
  });

  it.each([
    ["169.254.169.254", "https://169.254.169.254/latest/meta-data/"],
    ["fd00:ec2::254", "https://[fd00:ec2::254]/latest/meta-data/"],
    ["100.100.100.200", "https://100.100.100.200/latest/meta-data/"],
    ["IPv4-mapped 169.254.169.254", "https://[::ffff:169.254.169.254]/"],
    ["169.254.169.254 through NAT64", "https://[64:ff9b::a9fe:a9fe]/"],
    ["169.254.169.254 in decimal", "https://2852039166/"],
    ["a name resolving to 169.254.169.254", "https://metadata.example/cb"],
    ["a name resolving to fd00:ec2::254", "https://metadata6.example/cb"],
    ["a name resolving to 100.100.100.200", "https://alibaba.example/cb"],
    ["a name with a loopback and a metadata address", "https://loopback-and-metadata.example/cb"],
    ["metadata.google.internal", "https://metadata.google.internal/computeMetadata/v1/"],
    ["METADATA.GOOGLE.INTERNAL.", "https://METADATA.GOOGLE.INTERNAL./cb"],
    ["metadata.goog", "https://metadata.goog/cb"],
    ["instance-data.ec2.internal", "https://instance-data.ec2.internal/cb"],
  ])("refuses the cloud metadata service %s even with WEBSUB_ALLOW_PRIVATE_CALLBACKS", async (_name, url) => {
    const { send, lookups, connections } = harness(true);
    await expect(send(url)).rejects.toThrow(/metadata/);
    expect(connections).toEqual([]);
    expect(lookups.filter((name) => name.includes("google") || name.includes("goog") || name.includes("instance-data"))).toEqual([]);
  });

  it("with WEBSUB_ALLOW_PRIVATE_CALLBACKS lifts the address rule only, never the HTTPS rule", async () => {
    const { send, connections } = harness(true);
    expect((await send("https://loopback.example/cb")).status).toBe(200);
    expect(connections[0]!.address.address).toBe("127.0.0.1");
    await expect(send("http://loopback.example/cb")).rejects.toBeInstanceOf(CallbackRefusedError);
  });
});
