// Package analyzer is fencecheck's public entry point: the suite of
// analyzers, its flags, and the root analyzer that checks directives.
//
// # Analyzer fencecheck
//
// fencecheck: check //fencecheck: directives and carry the suite's flags
//
// The root analyzer reports malformed //fencecheck: directives (an unknown
// verb, an ignore without a reason or naming an unknown rule, a guarded
// token that is not a parameter, a function directive that is not on a
// function). The rules themselves are separate analyzers, named after the
// rule, so drivers can enable and disable each one: see Suite.
package analyzer
