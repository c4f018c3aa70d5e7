package viaeffect // want `analysed`

import "skipcases/syncdep"

// Tell calls a function whose fact says it writes.
func Tell() { syncdep.Send("http://example.org") }
