// Runs static/js/lib/deal.js (the browser page's deal code) under Node, whose Web Crypto is the
// browser's API: reads a JSON list of records on stdin, writes per record {deal} or {refused}.

import { Refused, checkRecord, deal } from "../../static/js/lib/deal.js";

let input = "";
for await (const chunk of process.stdin) input += chunk;
const answers = [];
for (const record of JSON.parse(input)) {
  try {
    answers.push({ deal: await deal(record, await checkRecord(record)) });
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    answers.push({ refused: error.message });
  }
}
process.stdout.write(JSON.stringify(answers));
