package ifacehttp // want `skipped`

import "net/http"

// Doer is what an *http.Client implements. Interface calls are dispatched
// to the program's own types, never to a library's, so a call of Do
// through it is not (*http.Client).Do.
type Doer interface {
	Do(req *http.Request) (*http.Response, error)
}

// Ping sends a request through the interface.
func Ping(d Doer, req *http.Request) error {
	_, err := d.Do(req)
	return err
}
