// Package web serves the frontend build.
package web

import "embed"

//go:embed dist/*
var dist embed.FS

// FS is the frontend.
func FS() embed.FS { return dist }
