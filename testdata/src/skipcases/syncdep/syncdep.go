package syncdep // want `analysed`

import (
	"net/http"
	"strings"
)

// Retry runs op until it succeeds: its fact only says that it calls op
// before it returns.
func Retry(op func() error) error {
	for {
		if err := op(); err == nil {
			return nil
		}
	}
}

// Send posts to url: its fact says it writes.
func Send(url string) {
	http.Post(url, "text/plain", strings.NewReader("x"))
}

// Limit is a constant of the package.
const Limit = 3
