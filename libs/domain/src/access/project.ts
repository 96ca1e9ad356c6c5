export interface Project {
  id: string;
  name: string;
  createdAt: Date;
}

/** `admin` keys may also create projects; the bootstrap key is one. Every other key is a `member` of its project. */
export type ApiKeyRole = 'admin' | 'member';

export interface ApiKey {
  id: string;
  projectId: string;
  name: string;
  /** First characters of the key, shown in listings so people can tell keys apart. */
  prefix: string;
  keyHash: string;
  role: ApiKeyRole;
  createdAt: Date;
}

/** Who makes a change: every write records the API key behind it. */
export interface Actor {
  projectId: string;
  apiKeyId: string;
  apiKeyName: string;
  role: ApiKeyRole;
}
