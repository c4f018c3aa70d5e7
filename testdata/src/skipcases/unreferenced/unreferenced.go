package unreferenced // want `skipped`

import "skipcases/syncdep"

// Tries refers to the package, not to a function with a fact.
func Tries() int { return syncdep.Limit }
