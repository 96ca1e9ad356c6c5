import { defineStatusMachine } from './status-machine';

describe('defineStatusMachine', () => {
  const machine = defineStatusMachine<'open' | 'running' | 'done' | 'dropped'>('job', {
    open: ['running', 'dropped'],
    running: ['done', 'dropped'],
    done: [],
    dropped: [],
  });

  it('allows only the listed moves and names the subject in a refusal', () => {
    expect(machine.canMove('open', 'running')).toBe(true);
    expect(machine.canMove('open', 'done')).toBe(false);
    expect(() => machine.assertMove('done', 'running')).toThrow('job cannot move from done to running');
  });

  it('treats a state without moves as terminal', () => {
    expect(machine.states.filter((s) => machine.isTerminal(s))).toEqual(['done', 'dropped']);
  });

  it('answers the states a conditional update may find to reach a target', () => {
    expect(machine.movableFrom('dropped')).toEqual(['open', 'running']);
    expect(machine.movableFrom('open')).toEqual([]);
  });
});
