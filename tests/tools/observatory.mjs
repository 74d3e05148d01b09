// Score a site as Mozilla's HTTP Observatory does (@mdn/mdn-http-observatory's own retriever, tests and
// grader; its scan() takes no ports, so this is scan() with ports).
// Usage: node observatory.mjs <hostname> <httpPort> <httpsPort>  -> JSON {grade, score, tests} on stdout.
// Trust a local CA with NODE_EXTRA_CA_CERTS.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const root = path.dirname(require.resolve("@mdn/mdn-http-observatory/package.json"));
// The HSTS preload list is fetched by the package's postinstall, which `make test` skips (no downloads):
// an empty list is right for a loopback host, which is on no preload list.
const preload = path.join(root, "conf", "hsts-preload.json");
if (!fs.existsSync(preload)) fs.writeFileSync(preload, "{}");

const src = (p) => path.join(root, "src", p);
const { retrieve } = await import(src("retriever/retriever.js"));
const { ALL_TESTS, NUM_TESTS } = await import(src("constants.js"));
const { getGradeForScore, getScoreModifier } = await import(src("grader/grader.js"));
const { MINIMUM_SCORE_FOR_EXTRA_CREDIT } = await import(src("grader/charts.js"));

const [hostname, httpPort, httpsPort] = process.argv.slice(2);
const r = await retrieve(hostname, { httpPort: Number(httpPort), httpsPort: Number(httpsPort) });
if (!r.responses.auto) {
  console.log(JSON.stringify({ error: "The site seems to be down." }));
  process.exit(1);
}
let withCredit = 100;
let uncurved = 100;
const tests = {};
for (const test of ALL_TESTS) {
  const result = test(r);
  const modifier = getScoreModifier(result.result);
  withCredit += modifier;
  if (modifier < 0) uncurved += modifier;
  tests[result.constructor.name] = { result: result.result, pass: result.pass, scoreModifier: modifier };
}
const { grade, score } = getGradeForScore(uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withCredit : uncurved);
console.log(JSON.stringify({ grade, score, status: r.responses.auto.status, url: r.session?.url?.href,
                             testsQuantity: NUM_TESTS, tests }, null, 1));
