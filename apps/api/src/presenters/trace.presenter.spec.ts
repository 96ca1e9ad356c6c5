import type { StoredSpan } from '@crucible/domain';
import { spanTreeJson } from './trace.presenter';

const span = (spanId: string, parentSpanId: string | null, startMs = 0): StoredSpan => ({
  traceId: 't', spanId, parentSpanId, name: spanId, kind: 'task', status: 'ok', startTime: new Date(startMs), endTime: new Date(startMs + 1),
  latencyMs: 1, inputs: { nested: [{ deep: true }] }, outputs: 'x"y', error: null, model: null, tokens: null, cost: null, costSource: null, attributes: null,
});

interface Node { span_id: string; children: Node[] }

describe('spanTreeJson', () => {
  it('writes roots and children as JSON.stringify would, parents before children, in the spans\' order', () => {
    const spans = [span('root', null), span('a', 'root', 1), span('a1', 'a', 2), span('b', 'root', 3), span('orphan', 'gone', 4), span('self', 'self', 5)];
    const tree = JSON.parse(spanTreeJson(spans)) as Array<Node & Record<string, unknown>>;
    expect(tree.map((node) => node.span_id)).toEqual(['root', 'orphan', 'self']);
    expect(tree[0]).toMatchObject({ outputs: 'x"y', inputs: { nested: [{ deep: true }] }, start_time: new Date(0).toISOString() });
    expect(tree[0]!.children.map((node) => [node.span_id, node.children.map((child) => child.span_id)])).toEqual([['a', ['a1']], ['b', []]]);
    expect(spanTreeJson([])).toBe('[]');
  });

  it('writes a parent chain 20 000 deep, where JSON.stringify overflows its stack', () => {
    const spans = Array.from({ length: 20_000 }, (_, i) => span(`s${i}`, i === 0 ? null : `s${i - 1}`, i));
    let node = (JSON.parse(spanTreeJson(spans)) as Node[])[0];
    let depth = 0;
    while (node) {
      depth += 1;
      node = node.children[0];
    }
    expect(depth).toBe(20_000);
  });
});
