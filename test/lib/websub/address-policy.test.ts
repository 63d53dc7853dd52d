import { describe, expect, it } from "vitest";
import { describeAddressProblem, describeHostNameProblem, parseIpHost } from "../../../src/lib/websub/address-policy.ts";

describe("describeAddressProblem", () => {
  it.each([
    ["127.0.0.1", /loopback/],
    ["10.0.0.1", /private/],
    ["172.16.0.1", /private/],
    ["172.31.255.255", /private/],
    ["192.168.0.1", /private/],
    ["169.254.1.1", /linkLocal/],
    ["169.254.169.254", /metadata/],
    ["100.64.0.1", /carrierGradeNat/],
    ["224.0.0.1", /multicast/],
    ["0.0.0.0", /unspecified/],
    ["255.255.255.255", /broadcast/],
    ["240.0.0.1", /reserved/],
    ["::1", /loopback/],
    ["::", /unspecified/],
    ["fe80::1", /linkLocal/],
    ["fc00::1", /uniqueLocal/],
    ["fd00::1", /uniqueLocal/],
    ["ff02::1", /multicast/],
    ["::ffff:127.0.0.1", /loopback/],
    ["::ffff:10.1.1.1", /private/],
    ["::ffff:169.254.169.254", /metadata/],
    ["64:ff9b::7f00:1", /rfc6052/],
    ["2002:7f00:1::", /6to4/],
    ["fd00:ec2::254", /metadata/],
    ["100.100.100.200", /metadata/],
    ["64:ff9b::a9fe:a9fe", /metadata/],
    ["168.63.129.16", /metadata/],
    ["not-an-ip", /not an IP/],
  ])("refuses %s", (address, reason) => {
    expect(describeAddressProblem(address)).toMatch(reason);
  });

  it.each(["93.184.216.34", "8.8.8.8", "172.32.0.1", "2606:4700:4700::1111", "::ffff:93.184.216.34"])("allows the public address %s", (address) => {
    expect(describeAddressProblem(address)).toBeNull();
  });
});

describe("parseIpHost", () => {
  it.each([
    ["https://2130706433/", "127.0.0.1"],
    ["https://0x7f.1/", "127.0.0.1"],
    ["https://0177.0.0.1/", "127.0.0.1"],
    ["https://127.1/", "127.0.0.1"],
    ["https://[::1]/", "::1"],
    ["https://[::ffff:127.0.0.1]/", "::ffff:7f00:1"],
    ["https://example.com/", null],
    ["https://1.example/", null],
  ])("reads the host of %s as %s", (url, ip) => {
    expect(parseIpHost(new URL(url).hostname)).toBe(ip);
  });

  it.each(["0x7f.1", "0177.0.0.1", "2130706433"])("normalizes a raw numeric form %s missed by the URL parser", (host) => {
    expect(parseIpHost(host)).toBe("127.0.0.1");
  });

  it("names metadata hosts", () => {
    expect(describeHostNameProblem("metadata.google.internal.")).toMatch(/metadata/);
    expect(describeHostNameProblem("example.com")).toBeNull();
  });

  it.each([
    ["localhost", /RFC 6761/],
    ["foo.localhost", /RFC 6761/],
    ["Foo.LOCALHOST.", /RFC 6761/],
    ["printer.local", /RFC 6762/],
  ])("refuses the special-use name %s before any lookup", (host, reason) => {
    expect(describeHostNameProblem(host)).toMatch(reason);
  });

  it.each(["localhost.example.com", "notlocal", "local.example.com"])("leaves %s to DNS", (host) => {
    expect(describeHostNameProblem(host)).toBeNull();
  });
});
