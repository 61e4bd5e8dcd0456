/** The Claude Code example wires the proxy and both hooks as its README says. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const dir = new URL("../../examples/claude-code/", import.meta.url).pathname;
const json = (name: string) => JSON.parse(readFileSync(join(dir, name), "utf8")) as Record<string, any>;

describe("examples/claude-code", () => {
  it("should run the capture hook after every tool and the stop hook at the end of each turn", () => {
    const { hooks } = json("settings.json");
    expect(hooks.PostToolUse).toEqual([
      { matcher: "*", hooks: [expect.objectContaining({ type: "command", command: expect.stringMatching(/hfw hook capture$/) })] },
    ]);
    expect(hooks.Stop).toEqual([{ hooks: [expect.objectContaining({ type: "command", command: expect.stringMatching(/hfw hook stop$/) })] }]);
  });

  it("should put the recording proxy in front of the example billing server", () => {
    expect(json(".mcp.json").mcpServers.hfw).toEqual({ command: "npx", args: ["hfw", "mcp", "--proxy", "downstream.json"] });
    expect(json("downstream.json").mcpServers.billing).toEqual({ command: "node", args: ["dist/examples/mcp/server.js"] });
  });
});
