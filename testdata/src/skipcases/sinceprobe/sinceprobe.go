package sinceprobe // want `analysed`

import (
	"net/http"
	"time"
)

type entry struct {
	header http.Header
	birth  time.Time
}

// stale measures the entry's age with time.Since: a clock compared with a
// deadline, which may make a probe fact.
func (e *entry) stale() bool { return time.Since(e.birth) > time.Second }

// Fresh reports whether an entry born at birth is fresh.
func Fresh(birth time.Time) bool { return !(&entry{birth: birth}).stale() }
