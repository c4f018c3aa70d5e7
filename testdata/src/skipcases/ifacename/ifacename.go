package ifacename // want `analysed`

import (
	"net/http"
)

// Doer is what an *http.Client implements.
type Doer interface {
	Do(req *http.Request) (*http.Response, error)
}

// Ping sends a request through an interface whose method has the name of
// a catalogued method: the call may reach (*http.Client).Do.
func Ping(d Doer, req *http.Request) error {
	_, err := d.Do(req)
	return err
}
