// Check results: one line per check, details indented under failures, and the summary line
// `release-check: N passed, N failed` that CI's result summer counts.

export function createReport() {
  let passed = 0;
  let failed = 0;
  const failures = [];
  return {
    /**
     * Records a check. `detail` (command output) is printed under a failure; `note`, a
     * one-line summary, after a pass.
     */
    add(label, ok, detail = '', ms, note = '') {
      const time = ms === undefined ? '' : ` (${(ms / 1000).toFixed(1)}s)`;
      if (ok) {
        passed++;
        console.log(`  ok   ${label}${time}${note ? ` — ${oneLine(note)}` : ''}`);
      } else {
        failed++;
        failures.push(label);
        console.log(`  FAIL ${label}${time}`);
        if (detail) console.log(indent(tail(detail)));
      }
      return ok;
    },
    section(title) {
      console.log(`\n== ${title}`);
    },
    finish() {
      if (failures.length > 0)
        console.log(`\nfailed checks:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
      console.log(`release-check: ${passed} passed, ${failed} failed`);
      return failed === 0;
    },
  };
}

function oneLine(text) {
  const line = text.trim().split('\n').at(-1) ?? '';
  return line.length > 120 ? `${line.slice(0, 117)}...` : line;
}

function tail(text, lines = 40) {
  const all = text.trimEnd().split('\n');
  return (all.length > lines ? ['...', ...all.slice(-lines)] : all).join('\n');
}

function indent(text) {
  return text
    .split('\n')
    .map((l) => `       ${l}`)
    .join('\n');
}
