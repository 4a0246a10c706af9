import { defineAssistant } from './assistant-widget';
import { assistantKnowledge, loadPackages } from './knowledge';

defineAssistant(assistantKnowledge);
// Prices come from the catalogue; without it the assistant still answers, pointing to the booking section.
loadPackages(assistantKnowledge).catch(() => undefined);
