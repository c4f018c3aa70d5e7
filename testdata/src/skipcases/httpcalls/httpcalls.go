package httpcalls // want `analysed`

import (
	"net/http"
	"strings"
)

// Notify posts an event: a call of a catalogued net/http function.
func Notify(url string) error {
	resp, err := http.Post(url, "text/plain", strings.NewReader("done"))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
