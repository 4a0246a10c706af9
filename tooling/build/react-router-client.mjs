// The part of react-router the site imports: components and hooks of declarative (<BrowserRouter>)
// routing, plus <StaticRouter> for rendering on the server. react-router is a federated singleton,
// which is never tree-shaken, and its full build (data routers, RSC, cookies, sessions) would be the
// largest file on every page; each export listed here is kept whole on every page too (18 the code
// did not import cost 0.8 KB of brotli). The build aliases `react-router` and `react-router-dom` to
// this file and treats a missing export as an error, so a remote that needs another API fails its
// build: add it here, and release the shell with it (the shell provides the router to the remotes).
export {
  BrowserRouter,
  StaticRouter,
  Routes,
  Route,
  Link,
  NavLink,
  Navigate,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-production';
