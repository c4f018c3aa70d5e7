// Package generatedfile tells whether a position lies in a generated file.
//
// It is the only importer of honnef.co/go/tools, whose library API changes
// between releases: the rest of fencecheck depends on this package instead.
package generatedfile

import (
	"go/token"

	"golang.org/x/tools/go/analysis"
	"honnef.co/go/tools/analysis/code"
	"honnef.co/go/tools/analysis/facts/generated"
)

// Analyzer must be listed in the Requires of any analyzer that calls
// IsGenerated.
var Analyzer = generated.Analyzer

// IsGenerated reports whether pos lies in a file that declares itself
// generated ("// Code generated … DO NOT EDIT.", or a known generator's
// header). It ignores //line directives.
func IsGenerated(pass *analysis.Pass, pos token.Pos) bool {
	return code.IsGenerated(pass, pos)
}
