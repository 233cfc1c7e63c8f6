	.text
	.type	f, @function
f:
	.cfi_startproc
	.cfi_lsda 0x1b,.Lexception0
	movq	%rsp, %rdi
	call	__tsan_read8@PLT
	ret
	.cfi_endproc
	.size	f, .-f
#APP
	call	__tsan_read8@PLT
#NO_APP
.Lexception0:
	.byte	255
	# -- End function
