package hiddencb // want `analysed`

import "skipcases/syncdep"

// Runner runs a function.
type Runner interface{ Run(f func()) }

type runner struct{}

// Run calls f before it returns; importers see runner only as a Runner,
// so only a HiddenImplsFact of this package can tell them.
func (runner) Run(f func()) { f() }

// New returns a Runner.
func New() Runner { return runner{} }

// Tries refers to the dependency.
func Tries() int { return syncdep.Limit }
