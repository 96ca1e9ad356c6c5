export * from './prompt-template';
export * from './jinja2-template';
export * from './render-prompt';
export * from './json-schema-shape';
export * from './app-templates';
