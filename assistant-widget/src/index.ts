import { defineAssistant } from './assistant-widget';
import { assistantKnowledge, loadPackages } from './knowledge';

// Prices come from the catalogue, read when the widget is first opened; without it the assistant
// still answers, pointing to the booking section.
defineAssistant(assistantKnowledge, () => loadPackages(assistantKnowledge));
