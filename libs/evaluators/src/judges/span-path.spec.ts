import { parseSpanPath } from './span-path';

describe('parseSpanPath', () => {
  it('splits the span name (dots allowed) from the field and the steps', () => {
    expect(parseSpanPath('retriever.outputs.documents')).toEqual({ spanName: 'retriever', field: 'outputs', steps: ['documents'] });
    expect(parseSpanPath('rag.search.inputs.query')).toEqual({ spanName: 'rag.search', field: 'inputs', steps: ['query'] });
    expect(parseSpanPath('retriever.outputs.documents.*.page_content')).toEqual({ spanName: 'retriever', field: 'outputs', steps: ['documents', '*', 'page_content'] });
    expect(parseSpanPath('retriever.attributes')).toEqual({ spanName: 'retriever', field: 'attributes', steps: [] });
  });

  it('is undefined for what is no path', () => {
    for (const bad of ['retriever', 'outputs.documents', 'retriever.documents', 'retriever.outputs..documents', '']) {
      expect(parseSpanPath(bad)).toBeUndefined();
    }
  });
});
