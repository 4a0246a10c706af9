import { defineAssistant } from './assistant-widget';
import { assistantKnowledge } from './knowledge';

defineAssistant(assistantKnowledge);
