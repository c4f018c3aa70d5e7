package hostport // want `skipped`

import "net/http"

// Addr joins a host and a port: a ":" that builds no list.
func Addr(h http.Header, port string) string { return h.Get("Host") + ":" + port }
