// The async boundary lets federation negotiate shared singletons before any of them is evaluated.
import { startRemotesConfigFetch } from './remotes/remotes-config';

startRemotesConfigFetch();
void import('./bootstrap');
