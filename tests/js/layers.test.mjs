// The offline client's layers import only downward (docs/decisions/offline-client.md, "The client's layers"): the
// store, the queue and the words of a clash import nothing; the sender, the connection, the scorer and the adapters
// nothing of the page; the page's modules nothing of the entry point. `node --test tests/js`.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { test } from "node:test";

const STATIC = new URL("../../static/", import.meta.url).pathname;
const OFFLINE = join(STATIC, "offline");

function modules(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((item) => (
    item.isDirectory() ? modules(join(folder, item.name)) : item.name.endsWith(".js") ? [join(folder, item.name)] : []));
}
function importsOf(path) {
  return [...readFileSync(path, "utf-8").matchAll(/^import [^;]*? from "([^"]+)";$/gms)]
    .map((match) => relative(STATIC, join(path, "..", match[1])));
}

test("the store, the queue and the words of a clash import nothing", () => {
  ["store.js", "queue.js", "clash-words.js"].forEach((name) => assert.deepEqual(importsOf(join(OFFLINE, name)), [], name));
});

test("no module below the page imports the page or the entry point", () => {
  modules(OFFLINE).filter((path) => !path.includes("/page/")).forEach((path) => {
    importsOf(path).forEach((imported) => {
      assert.ok(!imported.startsWith("offline/page/") && imported !== "offline.js", `${relative(STATIC, path)} imports ${imported}`);
    });
  });
});

test("the page's modules import the layers below and each other, never the entry point", () => {
  const page = modules(join(OFFLINE, "page"));
  assert.ok(page.length >= 10);
  page.forEach((path) => {
    importsOf(path).forEach((imported) => {
      assert.ok(imported.startsWith("offline/") && imported !== "offline.js", `${relative(STATIC, path)} imports ${imported}`);
    });
  });
});

test("the entry point is wiring: short", () => {
  assert.ok(readFileSync(join(STATIC, "offline.js"), "utf-8").split("\n").length < 160);
});
