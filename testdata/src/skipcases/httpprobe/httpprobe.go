package httpprobe // want `analysed`

import (
	"net/http"
	"time"
)

// Lease is a lease a server handed out.
type Lease struct {
	Until  time.Time
	Header http.Header
}

// Valid compares a clock reading with the lease's deadline: the package
// may export a probe fact of its own, so it is built though it calls no
// catalogued function.
func (l Lease) Valid() bool { return time.Now().Before(l.Until) }
