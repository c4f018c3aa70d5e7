package fencehttp_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/fencecheck/fencecheck/runtime/fence"
	"github.com/fencecheck/fencecheck/runtime/fencehttp"
	"github.com/fencecheck/fencecheck/runtime/fencetest"
)

// valueServer is a downstream service that stores one value per resource;
// its write endpoint is fenced by Enforce.
type valueServer struct {
	mu     sync.Mutex
	values map[string]string
	slow   string // a write of this value takes 100ms
}

func newServer(t *testing.T, v *valueServer, header string) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	put := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		if v.slow != "" && string(body) == v.slow {
			time.Sleep(100 * time.Millisecond)
		}
		v.mu.Lock()
		v.values[r.PathValue("res")] = string(body)
		v.mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	})
	enf := &fencehttp.Enforcer{
		Store:      fencehttp.NewMemoryStore(),
		ResourceOf: func(r *http.Request) string { return r.PathValue("res") },
		Next:       put,
		Header:     header,
	}
	mux.Handle("PUT /v/{res...}", enf)
	mux.HandleFunc("GET /v/{res...}", func(w http.ResponseWriter, r *http.Request) {
		v.mu.Lock()
		defer v.mu.Unlock()
		_, _ = io.WriteString(w, v.values[r.PathValue("res")])
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// httpSink writes through fencehttp.Client.Do.
type httpSink struct {
	srv    *httptest.Server
	client fencehttp.Client
}

func (s *httpSink) Write(ctx context.Context, res string, tok fence.Token, value string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, s.srv.URL+"/v/"+url.PathEscape(res), strings.NewReader(value))
	if err != nil {
		return err
	}
	resp, err := s.client.Do(req, tok)
	if err != nil {
		return err
	}
	defer func() { _ = resp.Body.Close() }()
	if resp.StatusCode != http.StatusNoContent {
		return fmt.Errorf("PUT %s: %s", res, resp.Status)
	}
	return nil
}

func (s *httpSink) Read(ctx context.Context, res string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.srv.URL+"/v/"+url.PathEscape(res), nil)
	if err != nil {
		return "", err
	}
	resp, err := s.srv.Client().Do(req)
	if err != nil {
		return "", err
	}
	defer func() { _ = resp.Body.Close() }()
	b, err := io.ReadAll(resp.Body)
	return string(b), err
}

func TestConformance(t *testing.T) {
	for name, header := range map[string]string{"Fencing-Token": "", "X-Lease-Generation": "X-Lease-Generation"} {
		t.Run(name, func(t *testing.T) {
			fencetest.Run(t, func(t *testing.T) fencetest.Sink {
				srv := newServer(t, &valueServer{values: map[string]string{}}, header)
				return &httpSink{srv: srv, client: fencehttp.Client{HTTP: srv.Client(), Header: header}}
			})
		})
	}
}

func TestRejections(t *testing.T) {
	srv := newServer(t, &valueServer{values: map[string]string{}}, "")
	put := func(header, value string) *http.Response {
		t.Helper()
		req, _ := http.NewRequestWithContext(t.Context(), http.MethodPut, srv.URL+"/v/job", strings.NewReader("x"))
		if header != "" {
			req.Header.Set(header, value)
		}
		resp, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_ = resp.Body.Close()
		return resp
	}
	for _, tc := range []struct {
		header, value string
		want          int
	}{
		{"", "", http.StatusBadRequest},
		{"Fencing-Token", "abc", http.StatusBadRequest},
		{"Fencing-Token", "0", http.StatusBadRequest},
		{"Fencing-Token", "-4", http.StatusBadRequest},
		{"Fencing-Token", "42", http.StatusNoContent},
		{"Fencing-Token", "42", http.StatusNoContent},
		{"Fencing-Token", "41", http.StatusConflict},
	} {
		resp := put(tc.header, tc.value)
		if resp.StatusCode != tc.want {
			t.Errorf("PUT with %s=%q: %s, want %d", tc.header, tc.value, resp.Status, tc.want)
		}
		if resp.StatusCode == http.StatusConflict && resp.Header.Get("Fencing-Token") != "42" {
			t.Errorf("409 carries Fencing-Token %q, want 42", resp.Header.Get("Fencing-Token"))
		}
	}

	// The client turns the 409 into ErrStale with the newest token.
	req, _ := http.NewRequestWithContext(t.Context(), http.MethodPut, srv.URL+"/v/job", strings.NewReader("late"))
	resp, err := fencehttp.Do(srv.Client(), req, 41)
	var se *fence.StaleError
	if resp != nil || !errors.Is(err, fence.ErrStale) || !errors.As(err, &se) || se.Current != 42 || se.Token != 41 {
		t.Fatalf("Do with stale token: resp=%v err=%v", resp, err)
	}
	if req.Header.Get("Fencing-Token") != "" {
		t.Error("Do modified the caller's request")
	}
	if _, err := fencehttp.Do(srv.Client(), req, 0); err == nil || errors.Is(err, fence.ErrStale) {
		t.Errorf("Do with token 0: %v, want a non-stale error", err)
	}
}

func TestClientMaps412ToErrStale(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Fencing-Token") != "7" {
			http.Error(w, "no token", http.StatusBadRequest)
			return
		}
		http.Error(w, "precondition", http.StatusPreconditionFailed)
	}))
	defer srv.Close()
	req, _ := http.NewRequestWithContext(t.Context(), http.MethodPost, srv.URL, nil)
	if _, err := fencehttp.Do(srv.Client(), req, 7); !errors.Is(err, fence.ErrStale) {
		t.Fatalf("412: %v, want ErrStale", err)
	}
}

// TestEnforcerSerializesPerResource: token 41's request is accepted and its
// handler is slow; token 42's request arrives meanwhile and is quick. The handler writes
// must land in acceptance order, so 42's value survives.
func TestEnforcerSerializesPerResource(t *testing.T) {
	v := &valueServer{values: map[string]string{}, slow: "A"}
	srv := newServer(t, v, "")
	s := &httpSink{srv: srv, client: fencehttp.Client{HTTP: srv.Client()}}
	ctx := t.Context()
	errs := make(chan error, 1)
	go func() { errs <- s.Write(ctx, "job", 41, "A") }()
	time.Sleep(30 * time.Millisecond) // A's request is inside the handler
	if err := s.Write(ctx, "job", 42, "B"); err != nil {
		t.Fatal(err)
	}
	if err := <-errs; err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Read(ctx, "job"); got != "B" {
		t.Fatalf("value %q, want B", got)
	}
}

func TestTokenFromAndPassThrough(t *testing.T) {
	var seen fence.Token
	h := fencehttp.Enforce(fencehttp.NewMemoryStore(), func(*http.Request) string { return "r" },
		http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			seen, _ = fencehttp.TokenFrom(r.Context())
		}))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/", nil))
	if rec.Code != http.StatusOK || seen != 0 {
		t.Fatalf("GET without token: %d, token %d", rec.Code, seen)
	}
	req := httptest.NewRequest(http.MethodDelete, "/", nil)
	req.Header.Set("Fencing-Token", "9")
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK || seen != 9 {
		t.Fatalf("DELETE with token 9: %d, token %d", rec.Code, seen)
	}
	h2 := fencehttp.Enforce(fencehttp.NewMemoryStore(), func(*http.Request) string { return "" }, http.NotFoundHandler())
	rec = httptest.NewRecorder()
	h2.ServeHTTP(rec, req)
	if rec.Code != http.StatusBadRequest {
		t.Fatalf("no resource: %d, want 400", rec.Code)
	}
}
