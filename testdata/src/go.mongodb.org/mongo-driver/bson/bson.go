// Package bson synthesizes the part of go.mongodb.org/mongo-driver/bson that fencecheck's tests need, with the real signatures.
package bson

import "go.mongodb.org/mongo-driver/bson/primitive"

type D = primitive.D

type E = primitive.E

type M = primitive.M

type A = primitive.A
