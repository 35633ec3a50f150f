export { parsePath, resolvePath, listPaths, type PathSegment, type Resolved } from './json-path.js';
export { applyMapping, type MappingResult } from './mapping.js';
export { credentialHeaders, maskCredentials } from './credentials.js';
export { fetchSource, SourceFetchError, type FetchedSource, type FetchLimits } from './fetch-source.js';
