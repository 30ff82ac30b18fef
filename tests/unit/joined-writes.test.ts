// A page's shell leaves the server in one piece (app/server/http/joined-writes.server.ts).
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { joinedWrites } from "~/server/http/joined-writes.server";

/** Everything the stream passes on, one entry per piece. */
function pieces(stream: ReturnType<typeof joinedWrites>): string[] {
  const seen: string[] = [];
  stream.on("data", (chunk: Buffer) => seen.push(chunk.toString("utf8")));
  return seen;
}

describe("joinedWrites", () => {
  it("passes on what one synchronous run wrote as one piece, and a later write as another", async () => {
    const stream = joinedWrites();
    const seen = pieces(stream);
    for (const part of ["<header><ul>", "<li>Projects</li></ul>", "<ul><li>Dashboard</li></ul>", "</header>"])
      stream.write(part);
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual(["<header><ul><li>Projects</li></ul><ul><li>Dashboard</li></ul></header>"]);

    stream.write("<p>streamed later</p>");
    stream.end("</html>");
    await once(stream, "end");
    expect(seen).toEqual([
      "<header><ul><li>Projects</li></ul><ul><li>Dashboard</li></ul></header>",
      "<p>streamed later</p></html>",
    ]);
  });

  it("ends after the last piece even when the end comes in the same run", async () => {
    const stream = joinedWrites();
    const seen = pieces(stream);
    stream.write("<body>");
    stream.end("</body>");
    await once(stream, "end");
    expect(seen).toEqual(["<body></body>"]);
  });
});
