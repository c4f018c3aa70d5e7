package main

import (
	"runtime/debug"

	"golang.org/x/mod/semver"
)

// xtoolsPath is the module of the go vet tool protocol fencecheck uses.
const xtoolsPath = "golang.org/x/tools"

// badUnitchecker reports whether x/tools version v has the unitchecker
// that rejects valid code: a defined type over another package's
// interface with an unexported method (type T other.I), used from a third
// package, fails to type-check ("does not implement T (missing method
// m)"). fencecheck's go.mod requires a version before them, but a build
// in another module (a tool directive, a module that embeds the
// analyzers) takes the highest x/tools that module requires.
func badUnitchecker(v string) bool {
	return semver.IsValid(v) && semver.Compare(v, "v0.50.0") >= 0 && semver.Compare(v, "v0.53.0") < 0
}

// xtoolsVersion returns the x/tools version the binary was built with, or
// "" if unknown.
func xtoolsVersion() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	for _, d := range bi.Deps {
		if d.Path == xtoolsPath {
			if d.Replace != nil {
				return d.Replace.Version
			}
			return d.Version
		}
	}
	return ""
}
