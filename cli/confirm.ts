import { createInterface } from 'node:readline';

/** Asks a yes/no question on the terminal (stderr, so stdout stays clean); only "y" or "yes" is yes. */
export async function askYesNo(question: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await new Promise<string>((resolve) => {
      rl.question(`${question} [y/N] `, resolve);
      rl.once('close', () => resolve(''));
    });
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    rl.close();
  }
}

export function hasTerminal(): boolean {
  return Boolean(process.stdin.isTTY && process.stderr.isTTY);
}
