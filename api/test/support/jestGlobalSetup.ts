import { makeTestTemplates } from './testTemplates';

export default makeTestTemplates;
