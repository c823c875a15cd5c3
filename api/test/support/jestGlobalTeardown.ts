import { dropTestTemplates } from './testTemplates';

export default dropTestTemplates;
