// Every management page's texts in one zh and one en tree, for tests and the key check (the running
// console never imports this: each page brings its own texts with its chunk).
import { mergeResources, type DomainResources } from '../shared/i18n/resources/define.ts';
import { translatorFor } from '../shared/i18n/translate.ts';
import { resources } from '../shared/i18n/catalog.ts';
import resource from './resource/texts.ts';

const pages: readonly DomainResources[] = [resource];

/** The console's page texts merged with the kit catalogue. */
export const consoleResources = mergeResources([resources, ...pages]);

/** translate() over the catalogue and the page texts. */
export const translateConsole = translatorFor(consoleResources);
