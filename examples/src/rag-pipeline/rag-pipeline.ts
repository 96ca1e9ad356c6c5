import { ConfigManager, createService, CrucibleService, Inputs } from '@crucible/sdk';
import { DEFAULT_CORPUS } from './corpus';
import { EmbedConfig, RetrieveConfig, SummarizeConfig } from './rag-configs';
import { embedTexts, retrieve, summarize } from './rag-steps';

function documentsFrom(inputs: Inputs): readonly string[] {
  const documents = inputs.documents;
  if (!Array.isArray(documents) || !documents.every((document) => typeof document === 'string')) {
    throw new Error('inputs.documents must be a list of strings');
  }
  return documents;
}

const queryInput = { type: 'string' };
/** Optional: a request without documents searches the built-in corpus. */
const documentsInput = { type: 'array', items: { type: 'string' }, default: DEFAULT_CORPUS };

/**
 * Three stages as independent routes. Each reads its configuration through
 * ConfigManager.getFromRoute (the same call works outside a route, against the registry).
 */
export function createRagPipeline(): CrucibleService {
  const service = createService({ title: 'RAG pipeline', version: '1.0.0' });

  service.route('/embed', EmbedConfig, { inputs: { texts: { type: 'array', items: { type: 'string' } } } })(async function embed(inputs: Inputs) {
    const config = await ConfigManager.getFromRoute(EmbedConfig);
    const embeddings = await embedTexts(inputs.texts as string[], config.embedding_model, config.lowercase);
    return { embeddings, dimensions: embeddings[0]?.length ?? 0 };
  });

  service.route('/retrieve', RetrieveConfig, { inputs: { query: queryInput, documents: documentsInput } })(async function retrieveRoute(
    inputs: Inputs,
  ) {
    const config = await ConfigManager.getFromRoute(RetrieveConfig);
    return retrieve(String(inputs.query), documentsFrom(inputs), config);
  });

  service.route('/summarize', SummarizeConfig, { inputs: { query: queryInput, documents: documentsInput } })(async function summarizeRoute(
    inputs: Inputs,
  ) {
    const config = await ConfigManager.getFromRoute(SummarizeConfig);
    const query = String(inputs.query);
    const sources = await retrieve(query, documentsFrom(inputs), config);
    return { summary: await summarize(query, sources, config), sources };
  });

  return service;
}
