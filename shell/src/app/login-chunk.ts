/**
 * The login page's chunk. Its name ("page-" and the path) makes the build list its files in
 * index.html, so the api's loader fetches them with the first chunks when the server rendered /login.
 */
export const loadLoginPage = () => import(/* webpackChunkName: "page-login" */ './login-page');
