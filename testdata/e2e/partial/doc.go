// Module partial has packages that load and packages that do not: web
// embeds a frontend build that is not there (an embed pattern that matches
// no file), cmd/sync imports a module the proxy does not serve, tally does
// not compile, and useweb and digest import web and tally. fencecheck
// analyses jobs and reports the five others.
package partial
