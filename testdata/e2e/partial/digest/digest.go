// Package digest imports a package that does not compile.
package digest

import "example.com/partial/tally"

// N is tally's count.
var N = tally.Count()
