package httptypes // want `skipped`

import "net/http"

// Header builds the headers of a request: net/http is imported for its
// types only, and the engine reads net/http only at calls of its entries.
func Header(token string) http.Header {
	h := http.Header{}
	h.Set("Authorization", "Bearer "+token)
	return h
}

// Status tells whether a response succeeded.
func Status(code int) bool { return code == http.StatusOK }
