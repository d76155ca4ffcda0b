import { describe, expect, it } from "vitest";
import { socketUrl, targetOf } from "../src/connection";

describe("targetOf", () => {
  it("reads the table from the path and the seat token from the fragment", () => {
    expect(targetOf({ pathname: "/tables/oxZu-LdswPyvGQgD", hash: "#token=abc_DEF-1" })).toEqual({
      table: "oxZu-LdswPyvGQgD",
      token: "abc_DEF-1",
    });
  });

  it("is a spectator without a token, and nothing off a table page", () => {
    expect(targetOf({ pathname: "/tables/abc", hash: "" })).toEqual({ table: "abc", token: null });
    expect(targetOf({ pathname: "/tables/abc", hash: "#token=" })).toEqual({ table: "abc", token: null });
    expect(targetOf({ pathname: "/games", hash: "#token=x" })).toBeNull();
    expect(targetOf({ pathname: "/tables/abc", hash: "#mine" })).toEqual({ table: "abc", token: null, mine: true });
  });
});

describe("socketUrl", () => {
  it("follows the page's scheme", () => {
    expect(socketUrl({ protocol: "http:", host: "127.0.0.1:8000" })).toBe("ws://127.0.0.1:8000/ws");
    expect(socketUrl({ protocol: "https:", host: "pirates.example" })).toBe("wss://pirates.example/ws");
  });
});
