	.file	"counted.c"
	.text
	.p2align 4
	.type	writer, @function
writer:
.LFB12:
	.cfi_startproc
	pushq	%r12
	.cfi_def_cfa_offset 16
	.cfi_offset 12, -16
	movq	%rdi, %r12
	pushq	%rbp
	.cfi_def_cfa_offset 24
	.cfi_offset 6, -24
	leaq	shared_pair(%rip), %rbp
	pushq	%rbx
	.cfi_def_cfa_offset 32
	.cfi_offset 3, -32
	movq	24(%rsp), %rdi
	xorl	%ebx, %ebx
	call	__tsan_func_entry@PLT
	.p2align 4,,10
	.p2align 3
.L2:
	movq	%rbp, %rdi
	call	__tsan_write8@PLT
	movq	%rbx, 0(%rbp)
	addq	$1, %rbx
	cmpq	$300000, %rbx
	jne	.L2
	call	__tsan_func_exit@PLT
	movq	%r12, %rax
	popq	%rbx
	.cfi_def_cfa_offset 24
	popq	%rbp
	.cfi_def_cfa_offset 16
	popq	%r12
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
.LFE12:
	.size	writer, .-writer
	.p2align 4
	.type	reader, @function
reader:
.LFB13:
	.cfi_startproc
	pushq	%r15
	.cfi_def_cfa_offset 16
	.cfi_offset 15, -16
	movq	%rdi, %r15
	pushq	%r14
	.cfi_def_cfa_offset 24
	.cfi_offset 14, -24
	leaq	8+shared_pair(%rip), %r14
	pushq	%r13
	.cfi_def_cfa_offset 32
	.cfi_offset 13, -32
	leaq	8(%r14), %r13
	pushq	%r12
	.cfi_def_cfa_offset 40
	.cfi_offset 12, -40
	xorl	%r12d, %r12d
	pushq	%rbp
	.cfi_def_cfa_offset 48
	.cfi_offset 6, -48
	movl	$200000, %ebp
	pushq	%rbx
	.cfi_def_cfa_offset 56
	.cfi_offset 3, -56
	subq	$8, %rsp
	.cfi_def_cfa_offset 64
	movq	56(%rsp), %rdi
	call	__tsan_func_entry@PLT
	.p2align 4,,10
	.p2align 3
.L7:
	movq	%r14, %rdi
	call	__tsan_read8@PLT
	movq	%r13, %rdi
	movq	8+shared_pair(%rip), %rbx
	call	__tsan_read8@PLT
	movq	16+shared_pair(%rip), %rax
	imulq	%rax, %rbx
	addq	%rbx, %r12
	subq	$1, %rbp
	jne	.L7
	movq	%r15, %rdi
	call	__tsan_write8@PLT
	movq	%r12, (%r15)
	call	__tsan_func_exit@PLT
	addq	$8, %rsp
	.cfi_def_cfa_offset 56
	xorl	%eax, %eax
	popq	%rbx
	.cfi_def_cfa_offset 48
	popq	%rbp
	.cfi_def_cfa_offset 40
	popq	%r12
	.cfi_def_cfa_offset 32
	popq	%r13
	.cfi_def_cfa_offset 24
	popq	%r14
	.cfi_def_cfa_offset 16
	popq	%r15
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
.LFE13:
	.size	reader, .-reader
	.section	.rodata.str1.1,"aMS",@progbits,1
.LC0:
	.string	"%ld\n"
	.section	.text.startup,"ax",@progbits
	.p2align 4
	.globl	main
	.type	main, @function
main:
.LFB14:
	.cfi_startproc
	pushq	%r12
	.cfi_def_cfa_offset 16
	.cfi_offset 12, -16
	pushq	%rbp
	.cfi_def_cfa_offset 24
	.cfi_offset 6, -24
	pushq	%rbx
	.cfi_def_cfa_offset 32
	.cfi_offset 3, -32
	subq	$32, %rsp
	.cfi_def_cfa_offset 64
	movq	56(%rsp), %rdi
	leaq	24(%rsp), %rbx
	leaq	8(%rsp), %r12
	leaq	16(%rsp), %rbp
	call	__tsan_func_entry@PLT
	movq	%rbx, %rdi
	call	__tsan_write8@PLT
	movq	%r12, %rdi
	xorl	%ecx, %ecx
	xorl	%esi, %esi
	movq	$0, 24(%rsp)
	leaq	writer(%rip), %rdx
	call	pthread_create@PLT
	movq	%rbx, %rcx
	xorl	%esi, %esi
	movq	%rbp, %rdi
	leaq	reader(%rip), %rdx
	call	pthread_create@PLT
	movq	%r12, %rdi
	call	__tsan_read8@PLT
	movq	8(%rsp), %rdi
	xorl	%esi, %esi
	call	pthread_join@PLT
	movq	%rbp, %rdi
	call	__tsan_read8@PLT
	movq	16(%rsp), %rdi
	xorl	%esi, %esi
	call	pthread_join@PLT
	movq	%rbx, %rdi
	call	__tsan_read8@PLT
	movq	24(%rsp), %rsi
	leaq	.LC0(%rip), %rdi
	xorl	%eax, %eax
	call	printf@PLT
	call	__tsan_func_exit@PLT
	addq	$32, %rsp
	.cfi_def_cfa_offset 32
	xorl	%eax, %eax
	popq	%rbx
	.cfi_def_cfa_offset 24
	popq	%rbp
	.cfi_def_cfa_offset 16
	popq	%r12
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
.LFE14:
	.size	main, .-main
	.data
	.align 16
	.type	shared_pair, @object
	.size	shared_pair, 24
shared_pair:
	.quad	0
	.quad	3
	.quad	4
	.section	.text.startup
	.p2align 4
	.type	_sub_I_00099_0, @function
_sub_I_00099_0:
.LFB15:
	.cfi_startproc
	jmp	__tsan_init@PLT
	.cfi_endproc
.LFE15:
	.size	_sub_I_00099_0, .-_sub_I_00099_0
	.section	.init_array.00099,"aw"
	.align 8
	.quad	_sub_I_00099_0
	.ident	"GCC: (Debian 12.2.0-14+deb12u1) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
