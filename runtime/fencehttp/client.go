// Package fencehttp carries fencing tokens over HTTP.
//
// Client side, [Do] sends a request with its token in the Fencing-Token
// header and turns the downstream's rejection (409 Conflict or 412
// Precondition Failed) into an error matching [fence.ErrStale].
//
// Server side, [Enforce] wraps the handler of a write endpoint: per
// resource, it accepts a request whose token is at least the newest token
// accepted, answers 409 Conflict to an older one and 400 Bad Request to a
// request without a well-formed token. The newest tokens live in a [Store]:
// [MemoryStore] in memory, or your own implementation backed by SQL or
// Redis.
package fencehttp

import (
	"fmt"
	"io"
	"net/http"

	"github.com/fencecheck/fencecheck/runtime/fence"
)

// DefaultHeader is the request header that carries the fencing token.
const DefaultHeader = "Fencing-Token"

// Client sends fenced requests. The zero Client uses http.DefaultClient and
// DefaultHeader.
type Client struct {
	// HTTP sends the requests; nil means http.DefaultClient.
	HTTP *http.Client
	// Header names the token header; "" means DefaultHeader.
	Header string
}

// Do sends req with tok in the token header, through client (nil means
// http.DefaultClient). It is Client{HTTP: client}.Do(req, tok).
//
//fencecheck:guarded token=tok
func Do(client *http.Client, req *http.Request, tok fence.Token) (*http.Response, error) {
	c := Client{HTTP: client}
	return c.Do(req, tok)
}

// Do sends a copy of req with tok in the token header. When the downstream
// answers 409 Conflict or 412 Precondition Failed, it closes the response
// body and returns an error matching [fence.ErrStale] (a *fence.StaleError
// whose Current is the newest token, when the response's token header
// carries one): the caller has lost its claim and must stop. Any other
// response is returned as it is, to be handled and closed by the caller.
//
//fencecheck:guarded token=tok
func (c Client) Do(req *http.Request, tok fence.Token) (*http.Response, error) {
	if !tok.Valid() {
		return nil, fmt.Errorf("fencehttp: %s %s: invalid token %d: tokens are positive", req.Method, req.URL.Redacted(), tok)
	}
	header := c.header()
	req = req.Clone(req.Context())
	req.Header.Set(header, tok.String())
	client := c.HTTP
	if client == nil {
		client = http.DefaultClient
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("fencehttp: %w", err)
	}
	if resp.StatusCode != http.StatusConflict && resp.StatusCode != http.StatusPreconditionFailed {
		return resp, nil
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	_ = resp.Body.Close()
	stale := &fence.StaleError{Resource: req.URL.Path, Token: tok}
	if cur, err := fence.Parse(resp.Header.Get(header)); err == nil {
		stale.Current = cur
	}
	return nil, fmt.Errorf("fencehttp: %s %s: %s: %w", req.Method, req.URL.Redacted(), resp.Status, stale)
}

func (c Client) header() string {
	if c.Header == "" {
		return DefaultHeader
	}
	return c.Header
}
