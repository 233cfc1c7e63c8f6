	.file	"throws.cc"
	.text
	.section	.text._ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEE6_M_runEv,"axG",@progbits,_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEE6_M_runEv,comdat
	.align 2
	.p2align 4
	.weak	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEE6_M_runEv
	.type	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEE6_M_runEv, @function
_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEE6_M_runEv:
.LFB2473:
	.cfi_startproc
	.cfi_personality 0x9b,DW.ref.__gxx_personality_v0
	.cfi_lsda 0x1b,.LLSDA2473
	pushq	%rbp
	.cfi_def_cfa_offset 16
	.cfi_offset 6, -16
	pushq	%rbx
	.cfi_def_cfa_offset 24
	.cfi_offset 3, -24
	movq	%rdi, %rbx
	subq	$8, %rsp
	.cfi_def_cfa_offset 32
	movq	24(%rsp), %rdi
	call	__tsan_func_entry@PLT
	leaq	16(%rbx), %rdi
	call	__tsan_read8@PLT
	leaq	8(%rbx), %rdi
	movq	16(%rbx), %rbp
	call	__tsan_read8@PLT
	movq	8(%rbx), %rdi
.LEHB0:
	call	*%rbp
.LEHE0:
	addq	$8, %rsp
	.cfi_remember_state
	.cfi_def_cfa_offset 24
	popq	%rbx
	.cfi_def_cfa_offset 16
	popq	%rbp
	.cfi_def_cfa_offset 8
	jmp	__tsan_func_exit@PLT
.L3:
	.cfi_restore_state
	movq	%rax, %rbx
.L2:
	call	__tsan_func_exit@PLT
	movq	%rbx, %rdi
.LEHB1:
	call	_Unwind_Resume@PLT
.LEHE1:
	.cfi_endproc
.LFE2473:
	.globl	__gxx_personality_v0
	.section	.gcc_except_table._ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEE6_M_runEv,"aG",@progbits,_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEE6_M_runEv,comdat
.LLSDA2473:
	.byte	0xff
	.byte	0xff
	.byte	0x1
	.uleb128 .LLSDACSE2473-.LLSDACSB2473
.LLSDACSB2473:
	.uleb128 .LEHB0-.LFB2473
	.uleb128 .LEHE0-.LEHB0
	.uleb128 .L3-.LFB2473
	.uleb128 0
	.uleb128 .LEHB1-.LFB2473
	.uleb128 .LEHE1-.LEHB1
	.uleb128 0
	.uleb128 0
.LLSDACSE2473:
	.section	.text._ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEE6_M_runEv,"axG",@progbits,_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEE6_M_runEv,comdat
	.size	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEE6_M_runEv, .-_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEE6_M_runEv
	.section	.rodata.str1.1,"aMS",@progbits,1
.LC0:
	.string	"every 97th"
	.section	.text.unlikely,"ax",@progbits
.LCOLDB1:
	.text
.LHOTB1:
	.p2align 4
	.type	_ZL4stepl, @function
_ZL4stepl:
.LFB1835:
	.cfi_startproc
	.cfi_personality 0x9b,DW.ref.__gxx_personality_v0
	.cfi_lsda 0x1b,.LLSDA1835
	pushq	%rbp
	.cfi_def_cfa_offset 16
	.cfi_offset 6, -16
	pushq	%rbx
	.cfi_def_cfa_offset 24
	.cfi_offset 3, -24
	movq	%rdi, %rbx
	subq	$8, %rsp
	.cfi_def_cfa_offset 32
	movq	24(%rsp), %rdi
	call	__tsan_func_entry@PLT
	movabsq	$-6656041676080766047, %rax
	movabsq	$190172619316593315, %rdx
	imulq	%rbx, %rax
	cmpq	%rax, %rdx
	jnb	.L12
	call	__tsan_func_exit@PLT
	movq	%rbx, %rax
	addq	$8, %rsp
	.cfi_def_cfa_offset 24
	sarq	$3, %rax
	xorq	%rbx, %rax
	popq	%rbx
	.cfi_def_cfa_offset 16
	popq	%rbp
	.cfi_def_cfa_offset 8
	ret
	.section	.gcc_except_table,"a",@progbits
.LLSDA1835:
	.byte	0xff
	.byte	0xff
	.byte	0x1
	.uleb128 .LLSDACSE1835-.LLSDACSB1835
.LLSDACSB1835:
.LLSDACSE1835:
	.text
	.cfi_endproc
	.section	.text.unlikely
	.cfi_startproc
	.cfi_personality 0x9b,DW.ref.__gxx_personality_v0
	.cfi_lsda 0x1b,.LLSDAC1835
	.type	_ZL4stepl.cold, @function
_ZL4stepl.cold:
.LFSB1835:
.L12:
	.cfi_def_cfa_offset 32
	.cfi_offset 3, -24
	.cfi_offset 6, -16
	movl	$16, %edi
	call	__cxa_allocate_exception@PLT
	leaq	.LC0(%rip), %rsi
	movq	%rax, %rdi
	movq	%rax, %rbp
.LEHB2:
	call	_ZNSt13runtime_errorC1EPKc@PLT
.LEHE2:
	movq	_ZNSt13runtime_errorD1Ev@GOTPCREL(%rip), %rdx
	leaq	_ZTISt13runtime_error(%rip), %rsi
	movq	%rbp, %rdi
.LEHB3:
	call	__cxa_throw@PLT
.LEHE3:
.L10:
	movq	%rbp, %rdi
	movq	%rax, %rbx
	call	__cxa_free_exception@PLT
.L9:
	call	__tsan_func_exit@PLT
	movq	%rbx, %rdi
.LEHB4:
	call	_Unwind_Resume@PLT
.LEHE4:
.L11:
	movq	%rax, %rbx
	jmp	.L9
	.cfi_endproc
.LFE1835:
	.section	.gcc_except_table
.LLSDAC1835:
	.byte	0xff
	.byte	0xff
	.byte	0x1
	.uleb128 .LLSDACSEC1835-.LLSDACSBC1835
.LLSDACSBC1835:
	.uleb128 .LEHB2-.LCOLDB1
	.uleb128 .LEHE2-.LEHB2
	.uleb128 .L10-.LCOLDB1
	.uleb128 0
	.uleb128 .LEHB3-.LCOLDB1
	.uleb128 .LEHE3-.LEHB3
	.uleb128 .L11-.LCOLDB1
	.uleb128 0
	.uleb128 .LEHB4-.LCOLDB1
	.uleb128 .LEHE4-.LEHB4
	.uleb128 0
	.uleb128 0
.LLSDACSEC1835:
	.section	.text.unlikely
	.text
	.size	_ZL4stepl, .-_ZL4stepl
	.section	.text.unlikely
	.size	_ZL4stepl.cold, .-_ZL4stepl.cold
.LCOLDE1:
	.text
.LHOTE1:
	.section	.text.unlikely
.LCOLDB2:
	.text
.LHOTB2:
	.p2align 4
	.type	_ZL3runl, @function
_ZL3runl:
.LFB1836:
	.cfi_startproc
	.cfi_personality 0x9b,DW.ref.__gxx_personality_v0
	.cfi_lsda 0x1b,.LLSDA1836
	pushq	%r14
	.cfi_def_cfa_offset 16
	.cfi_offset 14, -16
	pushq	%r13
	.cfi_def_cfa_offset 24
	.cfi_offset 13, -24
	movq	%rdi, %r13
	pushq	%r12
	.cfi_def_cfa_offset 32
	.cfi_offset 12, -32
	pushq	%rbp
	.cfi_def_cfa_offset 40
	.cfi_offset 6, -40
	pushq	%rbx
	.cfi_def_cfa_offset 48
	.cfi_offset 3, -48
	movq	40(%rsp), %rdi
	call	__tsan_func_entry@PLT
	testq	%r13, %r13
	jle	.L16
	movl	$1, %ebp
	leaq	8+_ZL1t(%rip), %r12
	.p2align 4,,10
	.p2align 3
.L17:
	movq	%rbp, %rdi
.LEHB5:
	call	_ZL4stepl
.LEHE5:
	movq	%r12, %rdi
	movq	%rax, %rbx
	call	__tsan_read8@PLT
	addq	8+_ZL1t(%rip), %rbx
	movq	%r12, %rdi
	call	__tsan_write8@PLT
	movq	%rbx, 8+_ZL1t(%rip)
.L20:
	addq	$1, %rbp
	cmpq	%rbp, %r13
	jge	.L17
.L16:
	popq	%rbx
	.cfi_remember_state
	.cfi_def_cfa_offset 40
	popq	%rbp
	.cfi_def_cfa_offset 32
	popq	%r12
	.cfi_def_cfa_offset 24
	popq	%r13
	.cfi_def_cfa_offset 16
	popq	%r14
	.cfi_def_cfa_offset 8
	jmp	__tsan_func_exit@PLT
.L21:
	.cfi_restore_state
	movq	%rax, %rbx
	movq	%rdx, %rax
	jmp	.L18
	.section	.gcc_except_table
	.align 4
.LLSDA1836:
	.byte	0xff
	.byte	0x9b
	.uleb128 .LLSDATT1836-.LLSDATTD1836
.LLSDATTD1836:
	.byte	0x1
	.uleb128 .LLSDACSE1836-.LLSDACSB1836
.LLSDACSB1836:
	.uleb128 .LEHB5-.LFB1836
	.uleb128 .LEHE5-.LEHB5
	.uleb128 .L21-.LFB1836
	.uleb128 0x3
.LLSDACSE1836:
	.byte	0
	.byte	0
	.byte	0x1
	.byte	0x7d
	.align 4
	.long	DW.ref._ZTISt13runtime_error-.
.LLSDATT1836:
	.text
	.cfi_endproc
	.section	.text.unlikely
	.cfi_startproc
	.cfi_personality 0x9b,DW.ref.__gxx_personality_v0
	.cfi_lsda 0x1b,.LLSDAC1836
	.type	_ZL3runl.cold, @function
_ZL3runl.cold:
.LFSB1836:
.L18:
	.cfi_def_cfa_offset 48
	.cfi_offset 3, -48
	.cfi_offset 6, -40
	.cfi_offset 12, -32
	.cfi_offset 13, -24
	.cfi_offset 14, -16
	subq	$1, %rax
	jne	.L24
	movq	%rbx, %rdi
	leaq	_ZL1t(%rip), %r14
	call	__cxa_begin_catch@PLT
	movq	%r14, %rdi
	call	__tsan_read8@PLT
	movq	_ZL1t(%rip), %rax
	movq	%r14, %rdi
	leaq	1(%rax), %rbx
	call	__tsan_write8@PLT
	movq	%rbx, _ZL1t(%rip)
	call	__cxa_end_catch@PLT
	jmp	.L20
.L24:
	call	__tsan_func_exit@PLT
	movq	%rbx, %rdi
.LEHB6:
	call	_Unwind_Resume@PLT
.LEHE6:
	.cfi_endproc
.LFE1836:
	.section	.gcc_except_table
	.align 4
.LLSDAC1836:
	.byte	0xff
	.byte	0x9b
	.uleb128 .LLSDATTC1836-.LLSDATTDC1836
.LLSDATTDC1836:
	.byte	0x1
	.uleb128 .LLSDACSEC1836-.LLSDACSBC1836
.LLSDACSBC1836:
	.uleb128 .LEHB6-.LCOLDB2
	.uleb128 .LEHE6-.LEHB6
	.uleb128 0
	.uleb128 0
.LLSDACSEC1836:
	.byte	0
	.byte	0
	.byte	0x1
	.byte	0x7d
	.align 4
	.long	DW.ref._ZTISt13runtime_error-.
.LLSDATTC1836:
	.section	.text.unlikely
	.text
	.size	_ZL3runl, .-_ZL3runl
	.section	.text.unlikely
	.size	_ZL3runl.cold, .-_ZL3runl.cold
.LCOLDE2:
	.text
.LHOTE2:
	.section	.text._ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEED2Ev,"axG",@progbits,_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEED5Ev,comdat
	.align 2
	.p2align 4
	.weak	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEED2Ev
	.type	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEED2Ev, @function
_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEED2Ev:
.LFB2470:
	.cfi_startproc
	pushq	%rbp
	.cfi_def_cfa_offset 16
	.cfi_offset 6, -16
	leaq	16+_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE(%rip), %rbp
	pushq	%rbx
	.cfi_def_cfa_offset 24
	.cfi_offset 3, -24
	movq	%rdi, %rbx
	subq	$8, %rsp
	.cfi_def_cfa_offset 32
	movq	24(%rsp), %rdi
	call	__tsan_func_entry@PLT
	movq	%rbp, %rsi
	movq	%rbx, %rdi
	call	__tsan_vptr_update@PLT
	movq	%rbp, (%rbx)
	movq	%rbx, %rdi
	call	_ZNSt6thread6_StateD2Ev@PLT
	addq	$8, %rsp
	.cfi_def_cfa_offset 24
	popq	%rbx
	.cfi_def_cfa_offset 16
	popq	%rbp
	.cfi_def_cfa_offset 8
	jmp	__tsan_func_exit@PLT
	.cfi_endproc
.LFE2470:
	.size	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEED2Ev, .-_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEED2Ev
	.weak	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEED1Ev
	.set	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEED1Ev,_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEED2Ev
	.section	.text._ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEED0Ev,"axG",@progbits,_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEED5Ev,comdat
	.align 2
	.p2align 4
	.weak	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEED0Ev
	.type	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEED0Ev, @function
_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEED0Ev:
.LFB2472:
	.cfi_startproc
	pushq	%rbp
	.cfi_def_cfa_offset 16
	.cfi_offset 6, -16
	leaq	16+_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE(%rip), %rbp
	pushq	%rbx
	.cfi_def_cfa_offset 24
	.cfi_offset 3, -24
	movq	%rdi, %rbx
	subq	$8, %rsp
	.cfi_def_cfa_offset 32
	movq	24(%rsp), %rdi
	call	__tsan_func_entry@PLT
	movq	%rbp, %rsi
	movq	%rbx, %rdi
	call	__tsan_vptr_update@PLT
	movq	%rbp, (%rbx)
	movq	%rbx, %rdi
	call	_ZNSt6thread6_StateD2Ev@PLT
	movq	%rbx, %rdi
	movl	$24, %esi
	call	_ZdlPvm@PLT
	addq	$8, %rsp
	.cfi_def_cfa_offset 24
	popq	%rbx
	.cfi_def_cfa_offset 16
	popq	%rbp
	.cfi_def_cfa_offset 8
	jmp	__tsan_func_exit@PLT
	.cfi_endproc
.LFE2472:
	.size	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEED0Ev, .-_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEED0Ev
	.section	.rodata.str1.1
.LC3:
	.string	"caught %ld sum %ld\n"
	.section	.text.unlikely
.LCOLDB4:
	.section	.text.startup,"ax",@progbits
.LHOTB4:
	.p2align 4
	.globl	main
	.type	main, @function
main:
.LFB1837:
	.cfi_startproc
	.cfi_personality 0x9b,DW.ref.__gxx_personality_v0
	.cfi_lsda 0x1b,.LLSDA1837
	pushq	%r13
	.cfi_def_cfa_offset 16
	.cfi_offset 13, -16
	pushq	%r12
	.cfi_def_cfa_offset 24
	.cfi_offset 12, -24
	movl	$20000000, %r12d
	pushq	%rbp
	.cfi_def_cfa_offset 32
	.cfi_offset 6, -32
	movq	%rsi, %rbp
	pushq	%rbx
	.cfi_def_cfa_offset 40
	.cfi_offset 3, -40
	movl	%edi, %ebx
	subq	$24, %rsp
	.cfi_def_cfa_offset 64
	movq	56(%rsp), %rdi
	call	__tsan_func_entry@PLT
	cmpl	$1, %ebx
	jle	.L30
	leaq	8(%rbp), %rdi
	call	__tsan_read8@PLT
	movq	8(%rbp), %rdi
	movl	$10, %edx
	xorl	%esi, %esi
	call	strtol@PLT
	movq	%rax, %r12
.L30:
	movq	%rsp, %rbp
	movq	%rbp, %rdi
	call	__tsan_write8@PLT
	movl	$24, %edi
	movq	$0, (%rsp)
.LEHB7:
	call	_Znwm@PLT
.LEHE7:
	leaq	16+_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE(%rip), %r13
	movq	%rax, %rbx
	movq	%rax, %rdi
	movq	%r13, %rsi
	call	__tsan_vptr_update@PLT
	movq	%r13, (%rbx)
	leaq	8(%rbx), %rdi
	call	__tsan_write8@PLT
	movq	%r12, 8(%rbx)
	leaq	16(%rbx), %rdi
	leaq	8(%rsp), %r12
	call	__tsan_write8@PLT
	leaq	_ZL3runl(%rip), %rax
	movq	%r12, %rdi
	movq	%rax, 16(%rbx)
	call	__tsan_write8@PLT
	xorl	%edx, %edx
	movq	%r12, %rsi
	movq	%rbp, %rdi
	movq	%rbx, 8(%rsp)
.LEHB8:
	call	_ZNSt6thread15_M_start_threadESt10unique_ptrINS_6_StateESt14default_deleteIS1_EEPFvvE@PLT
.LEHE8:
	movq	%r12, %rdi
	call	__tsan_read8@PLT
	movq	8(%rsp), %rbx
	testq	%rbx, %rbx
	je	.L31
	movq	%rbx, %rdi
	call	__tsan_read8@PLT
	movq	(%rbx), %r12
	leaq	8(%r12), %rdi
	call	__tsan_read8@PLT
	movq	%rbx, %rdi
	call	*8(%r12)
.L31:
	movq	%rbp, %rdi
.LEHB9:
	call	_ZNSt6thread4joinEv@PLT
	leaq	8+_ZL1t(%rip), %rdi
	call	__tsan_read8@PLT
	movq	8+_ZL1t(%rip), %rbx
	leaq	_ZL1t(%rip), %rdi
	call	__tsan_read8@PLT
	movq	_ZL1t(%rip), %rsi
	leaq	.LC3(%rip), %rdi
	xorl	%eax, %eax
	movq	%rbx, %rdx
	call	printf@PLT
.LEHE9:
	movq	%rbp, %rdi
	call	__tsan_read8@PLT
	cmpq	$0, (%rsp)
	jne	.L38
	call	__tsan_func_exit@PLT
	addq	$24, %rsp
	.cfi_remember_state
	.cfi_def_cfa_offset 40
	xorl	%eax, %eax
	popq	%rbx
	.cfi_def_cfa_offset 32
	popq	%rbp
	.cfi_def_cfa_offset 24
	popq	%r12
	.cfi_def_cfa_offset 16
	popq	%r13
	.cfi_def_cfa_offset 8
	ret
.L38:
	.cfi_restore_state
	call	_ZSt9terminatev@PLT
.L41:
	movq	%rax, %rbx
	jmp	.L37
.L42:
	movq	%rax, %rbx
	jmp	.L33
.L40:
	movq	%rax, %rbx
	jmp	.L35
	.section	.gcc_except_table
.LLSDA1837:
	.byte	0xff
	.byte	0xff
	.byte	0x1
	.uleb128 .LLSDACSE1837-.LLSDACSB1837
.LLSDACSB1837:
	.uleb128 .LEHB7-.LFB1837
	.uleb128 .LEHE7-.LEHB7
	.uleb128 .L40-.LFB1837
	.uleb128 0
	.uleb128 .LEHB8-.LFB1837
	.uleb128 .LEHE8-.LEHB8
	.uleb128 .L42-.LFB1837
	.uleb128 0
	.uleb128 .LEHB9-.LFB1837
	.uleb128 .LEHE9-.LEHB9
	.uleb128 .L41-.LFB1837
	.uleb128 0
.LLSDACSE1837:
	.section	.text.startup
	.cfi_endproc
	.section	.text.unlikely
	.cfi_startproc
	.cfi_personality 0x9b,DW.ref.__gxx_personality_v0
	.cfi_lsda 0x1b,.LLSDAC1837
	.type	main.cold, @function
main.cold:
.LFSB1837:
.L37:
	.cfi_def_cfa_offset 64
	.cfi_offset 3, -40
	.cfi_offset 6, -32
	.cfi_offset 12, -24
	.cfi_offset 13, -16
	movq	%rbp, %rdi
	call	__tsan_read8@PLT
	cmpq	$0, (%rsp)
	jne	.L38
.L35:
	call	__tsan_func_exit@PLT
	movq	%rbx, %rdi
.LEHB10:
	call	_Unwind_Resume@PLT
.LEHE10:
.L33:
	movq	%r12, %rdi
	call	__tsan_read8@PLT
	movq	8(%rsp), %rbp
	testq	%rbp, %rbp
	je	.L35
	movq	%rbp, %rdi
	call	__tsan_read8@PLT
	movq	0(%rbp), %r12
	leaq	8(%r12), %rdi
	call	__tsan_read8@PLT
	movq	%rbp, %rdi
	call	*8(%r12)
	jmp	.L35
	.cfi_endproc
.LFE1837:
	.section	.gcc_except_table
.LLSDAC1837:
	.byte	0xff
	.byte	0xff
	.byte	0x1
	.uleb128 .LLSDACSEC1837-.LLSDACSBC1837
.LLSDACSBC1837:
	.uleb128 .LEHB10-.LCOLDB4
	.uleb128 .LEHE10-.LEHB10
	.uleb128 0
	.uleb128 0
.LLSDACSEC1837:
	.section	.text.unlikely
	.section	.text.startup
	.size	main, .-main
	.section	.text.unlikely
	.size	main.cold, .-main.cold
.LCOLDE4:
	.section	.text.startup
.LHOTE4:
	.weak	_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE
	.section	.rodata._ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE,"aG",@progbits,_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE,comdat
	.align 32
	.type	_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE, @object
	.size	_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE, 60
_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE:
	.string	"NSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE"
	.weak	_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE
	.section	.data.rel.ro._ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE,"awG",@progbits,_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE,comdat
	.align 8
	.type	_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE, @object
	.size	_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE, 24
_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE:
	.quad	_ZTVN10__cxxabiv120__si_class_type_infoE+16
	.quad	_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE
	.quad	_ZTINSt6thread6_StateE
	.weak	_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE
	.section	.data.rel.ro.local._ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE,"awG",@progbits,_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE,comdat
	.align 8
	.type	_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE, @object
	.size	_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE, 40
_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE:
	.quad	0
	.quad	_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE
	.quad	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEED1Ev
	.quad	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEED0Ev
	.quad	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEE6_M_runEv
	.local	_ZL1t
	.comm	_ZL1t,16,16
	.section	.text.startup
	.p2align 4
	.type	_sub_I_00099_0, @function
_sub_I_00099_0:
.LFB2490:
	.cfi_startproc
	jmp	__tsan_init@PLT
	.cfi_endproc
.LFE2490:
	.size	_sub_I_00099_0, .-_sub_I_00099_0
	.section	.init_array.00099,"aw"
	.align 8
	.quad	_sub_I_00099_0
	.hidden	DW.ref._ZTISt13runtime_error
	.weak	DW.ref._ZTISt13runtime_error
	.section	.data.rel.local.DW.ref._ZTISt13runtime_error,"awG",@progbits,DW.ref._ZTISt13runtime_error,comdat
	.align 8
	.type	DW.ref._ZTISt13runtime_error, @object
	.size	DW.ref._ZTISt13runtime_error, 8
DW.ref._ZTISt13runtime_error:
	.quad	_ZTISt13runtime_error
	.hidden	DW.ref.__gxx_personality_v0
	.weak	DW.ref.__gxx_personality_v0
	.section	.data.rel.local.DW.ref.__gxx_personality_v0,"awG",@progbits,DW.ref.__gxx_personality_v0,comdat
	.align 8
	.type	DW.ref.__gxx_personality_v0, @object
	.size	DW.ref.__gxx_personality_v0, 8
DW.ref.__gxx_personality_v0:
	.quad	__gxx_personality_v0
	.ident	"GCC: (Debian 12.2.0-14+deb12u1) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
