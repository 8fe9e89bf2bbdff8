/**
 * Type-level tests: compiles the domain and its tests with the project's compiler options and expects
 * no diagnostics. Each `// @ts-expect-error` in those tests (a wrong event or command shape) must
 * therefore really be a type error: an unused directive is itself a diagnostic (TS2578).
 */
import { expect } from 'chai';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('domain types', function () {
  this.timeout(60_000);

  it('compile cleanly, with every @ts-expect-error holding', () => {
    const config = ts.getParsedCommandLineOfConfigFile(path.join(root, 'tsconfig.test.json'), {}, {
      ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n')); },
    });
    if (!config) throw new Error('tsconfig.test.json could not be read');
    const files = readdirSync(path.join(root, 'test'))
      .filter((f) => /^domain-.*\.test\.ts$/.test(f))
      .map((f) => path.join(root, 'test', f));
    expect(files.length).to.be.greaterThan(5);
    const program = ts.createProgram(files, { ...config.options, noEmit: true });
    const ours = program.getSourceFiles().filter((sf) => {
      const rel = path.relative(root, sf.fileName);
      return rel.startsWith('domain' + path.sep) || rel.startsWith('test' + path.sep);
    });
    const diagnostics = ours.flatMap((sf) => [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)]);
    const messages = diagnostics.map((d) => {
      const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
      return `${d.file ? path.relative(root, d.file.fileName) : '?'}:${where ? where.line + 1 : '?'} TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
    });
    expect(messages).to.deep.equal([]);
  });
});
