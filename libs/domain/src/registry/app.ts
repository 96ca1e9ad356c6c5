export interface App {
  id: string;
  projectId: string;
  name: string;
  createdAt: Date;
  updatedAt: Date;
}
