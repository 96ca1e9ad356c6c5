import { CliError } from './cli-error';

const KEY_FLAG_WARNING = 'warning: --key is visible to other users in `ps` and stays in your shell history; '
  + 'prefer --key-stdin, CRUCIBLE_API_KEY, or the prompt';

async function readStandardInput(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** Asks on the terminal without echoing what is typed (raw mode: the line discipline's echo is off). */
function promptHidden(question: string, input: NodeJS.ReadStream = process.stdin, output: NodeJS.WriteStream = process.stderr): Promise<string> {
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = () => {
      input.setRawMode(false);
      input.off('data', onData);
      input.pause();
      output.write('\n');
    };
    function onData(chunk: string) {
      for (const character of chunk) {
        if (character === '\r' || character === '\n' || character === '\u0004') {
          finish();
          resolve(typed);
          return;
        }
        if (character === '\u0003') {
          finish();
          reject(new CliError('login cancelled'));
          return;
        }
        typed = character === '\u007f' || character === '\b' ? typed.slice(0, -1) : typed + character;
      }
    }
    // Echo off before the question: whatever is typed after seeing it is not shown.
    input.setRawMode(true);
    input.setEncoding('utf8');
    input.on('data', onData);
    input.resume();
    output.write(question);
  });
}

/**
 * The key `crucible login` stores: from --key-stdin, else --key (kept for old scripts, with a warning), else
 * CRUCIBLE_API_KEY, else asked on a terminal.
 */
export async function loginKey(options: { keyStdin?: boolean; key?: string }, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  if (options.keyStdin && options.key) throw new CliError('give the key once: --key-stdin or --key, not both');
  let key: string | undefined;
  if (options.keyStdin) {
    key = (await readStandardInput()).split(/\r?\n/)[0]?.trim();
    if (!key) throw new CliError('--key-stdin read no key from standard input');
  } else if (options.key) {
    process.stderr.write(`crucible: ${KEY_FLAG_WARNING}\n`);
    key = options.key;
  } else if (env['CRUCIBLE_API_KEY']) {
    key = env['CRUCIBLE_API_KEY'];
  } else if (process.stdin.isTTY) {
    key = (await promptHidden('API key: ')).trim();
  }
  if (!key) throw new CliError('login needs an API key: pipe it with --key-stdin, set CRUCIBLE_API_KEY, or run it on a terminal to be asked');
  return key;
}
