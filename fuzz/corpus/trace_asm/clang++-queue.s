	.text
	.file	"queue.cc"
	.globl	main                            # -- Begin function main
	.p2align	4, 0x90
	.type	main,@function
main:                                   # @main
.Lfunc_begin0:
	.cfi_startproc
	.cfi_personality 155, DW.ref.__gxx_personality_v0
	.cfi_lsda 27, .Lexception0
# %bb.0:
	pushq	%rbp
	.cfi_def_cfa_offset 16
	pushq	%r14
	.cfi_def_cfa_offset 24
	pushq	%rbx
	.cfi_def_cfa_offset 32
	subq	$32, %rsp
	.cfi_def_cfa_offset 64
	.cfi_offset %rbx, -32
	.cfi_offset %r14, -24
	.cfi_offset %rbp, -16
	movq	%rsi, %rbx
	movl	%edi, %ebp
	movq	56(%rsp), %rdi
	callq	__tsan_func_entry@PLT
	cmpl	$2, %ebp
	jl	.LBB0_2
# %bb.1:
	leaq	8(%rbx), %rdi
	callq	__tsan_read8@PLT
	movq	8(%rbx), %rdi
	leaq	.L.str(%rip), %rsi
	callq	fopen@PLT
	movq	%rax, %rdi
	callq	fclose@PLT
	movl	$2, %ebx
	testl	%eax, %eax
	jne	.LBB0_23
.LBB0_2:
.Ltmp0:
	movl	$48, %edi
	callq	_Znwm@PLT
.Ltmp1:
# %bb.3:
	movq	%rax, %rbx
	movl	$16, %edx
	movq	%rax, %rdi
	xorl	%esi, %esi
	callq	memset@PLT
	leaq	_ZL2hq(%rip), %rdi
	callq	__tsan_write8@PLT
	movq	%rbx, _ZL2hq(%rip)
	movq	$0, 24(%rsp)
.Ltmp2:
	movl	$16, %edi
	callq	_Znwm@PLT
.Ltmp3:
# %bb.4:
	movq	%rax, %rbx
	leaq	_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE+16(%rip), %rbp
	movq	%rax, %rdi
	movq	%rbp, %rsi
	callq	__tsan_vptr_update@PLT
	movq	%rbp, (%rbx)
	movq	%rbx, %rdi
	addq	$8, %rdi
	callq	__tsan_write8@PLT
	leaq	_ZL7producev(%rip), %rax
	movq	%rax, 8(%rbx)
	movq	%rbx, 8(%rsp)
.Ltmp5:
	leaq	24(%rsp), %rdi
	leaq	8(%rsp), %rsi
	xorl	%edx, %edx
	callq	_ZNSt6thread15_M_start_threadESt10unique_ptrINS_6_StateESt14default_deleteIS1_EEPFvvE@PLT
.Ltmp6:
# %bb.5:
	movq	8(%rsp), %rbx
	testq	%rbx, %rbx
	je	.LBB0_7
# %bb.6:
	movq	%rbx, %rdi
	callq	__tsan_vptr_read@PLT
	movq	(%rbx), %rax
	movq	%rbx, %rdi
	callq	*8(%rax)
.LBB0_7:
	movq	$0, 16(%rsp)
.Ltmp8:
	movl	$16, %edi
	callq	_Znwm@PLT
.Ltmp9:
# %bb.8:
	movq	%rax, %rbx
	leaq	_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE+16(%rip), %rbp
	movq	%rax, %rdi
	movq	%rbp, %rsi
	callq	__tsan_vptr_update@PLT
	movq	%rbp, (%rbx)
	movq	%rbx, 8(%rsp)
.Ltmp11:
	leaq	16(%rsp), %rdi
	leaq	8(%rsp), %rsi
	xorl	%edx, %edx
	callq	_ZNSt6thread15_M_start_threadESt10unique_ptrINS_6_StateESt14default_deleteIS1_EEPFvvE@PLT
.Ltmp12:
# %bb.9:
	movq	8(%rsp), %rbx
	testq	%rbx, %rbx
	je	.LBB0_11
# %bb.10:
	movq	%rbx, %rdi
	callq	__tsan_vptr_read@PLT
	movq	(%rbx), %rax
	movq	%rbx, %rdi
	callq	*8(%rax)
.LBB0_11:
.Ltmp14:
	leaq	24(%rsp), %rdi
	callq	_ZNSt6thread4joinEv@PLT
.Ltmp15:
# %bb.12:
.Ltmp16:
	leaq	16(%rsp), %rdi
	callq	_ZNSt6thread4joinEv@PLT
.Ltmp17:
# %bb.13:
	leaq	_ZL2hq(%rip), %rdi
	callq	__tsan_read8@PLT
	movq	_ZL2hq(%rip), %rdi
	testq	%rdi, %rdi
	je	.LBB0_15
# %bb.14:
	callq	_ZdlPv@PLT
.LBB0_15:
	cmpq	$0, 16(%rsp)
	jne	.LBB0_16
# %bb.21:
	cmpq	$0, 24(%rsp)
	jne	.LBB0_16
# %bb.22:
	xorl	%ebx, %ebx
.LBB0_23:
	callq	__tsan_func_exit@PLT
	movl	%ebx, %eax
	addq	$32, %rsp
	.cfi_def_cfa_offset 32
	popq	%rbx
	.cfi_def_cfa_offset 24
	popq	%r14
	.cfi_def_cfa_offset 16
	popq	%rbp
	.cfi_def_cfa_offset 8
	retq
.LBB0_19:
	.cfi_def_cfa_offset 64
.Ltmp13:
	movq	%rax, %rbx
	movq	8(%rsp), %r14
	testq	%r14, %r14
	je	.LBB0_27
# %bb.20:
	movq	%r14, %rdi
	callq	__tsan_vptr_read@PLT
	movq	(%r14), %rax
	movq	%r14, %rdi
	callq	*8(%rax)
	jmp	.LBB0_27
.LBB0_25:
.Ltmp10:
	jmp	.LBB0_26
.LBB0_17:
.Ltmp7:
	movq	%rax, %rbx
	movq	8(%rsp), %r14
	testq	%r14, %r14
	je	.LBB0_29
# %bb.18:
	movq	%r14, %rdi
	callq	__tsan_vptr_read@PLT
	movq	(%r14), %rax
	movq	%r14, %rdi
	callq	*8(%rax)
	jmp	.LBB0_29
.LBB0_24:
.Ltmp18:
	cmpq	$0, 16(%rsp)
	jne	.LBB0_16
.LBB0_26:
	movq	%rax, %rbx
.LBB0_27:
	cmpq	$0, 24(%rsp)
	je	.LBB0_29
.LBB0_16:
	callq	_ZSt9terminatev@PLT
.LBB0_28:
.Ltmp4:
	movq	%rax, %rbx
.LBB0_29:
	callq	__tsan_func_exit@PLT
	movq	%rbx, %rdi
	callq	_Unwind_Resume@PLT
.Lfunc_end0:
	.size	main, .Lfunc_end0-main
	.cfi_endproc
	.section	.gcc_except_table,"a",@progbits
	.p2align	2
GCC_except_table0:
.Lexception0:
	.byte	255                             # @LPStart Encoding = omit
	.byte	255                             # @TType Encoding = omit
	.byte	1                               # Call site Encoding = uleb128
	.uleb128 .Lcst_end0-.Lcst_begin0
.Lcst_begin0:
	.uleb128 .Ltmp0-.Lfunc_begin0           # >> Call Site 1 <<
	.uleb128 .Ltmp3-.Ltmp0                  #   Call between .Ltmp0 and .Ltmp3
	.uleb128 .Ltmp4-.Lfunc_begin0           #     jumps to .Ltmp4
	.byte	0                               #   On action: cleanup
	.uleb128 .Ltmp5-.Lfunc_begin0           # >> Call Site 2 <<
	.uleb128 .Ltmp6-.Ltmp5                  #   Call between .Ltmp5 and .Ltmp6
	.uleb128 .Ltmp7-.Lfunc_begin0           #     jumps to .Ltmp7
	.byte	0                               #   On action: cleanup
	.uleb128 .Ltmp6-.Lfunc_begin0           # >> Call Site 3 <<
	.uleb128 .Ltmp8-.Ltmp6                  #   Call between .Ltmp6 and .Ltmp8
	.byte	0                               #     has no landing pad
	.byte	0                               #   On action: cleanup
	.uleb128 .Ltmp8-.Lfunc_begin0           # >> Call Site 4 <<
	.uleb128 .Ltmp9-.Ltmp8                  #   Call between .Ltmp8 and .Ltmp9
	.uleb128 .Ltmp10-.Lfunc_begin0          #     jumps to .Ltmp10
	.byte	0                               #   On action: cleanup
	.uleb128 .Ltmp11-.Lfunc_begin0          # >> Call Site 5 <<
	.uleb128 .Ltmp12-.Ltmp11                #   Call between .Ltmp11 and .Ltmp12
	.uleb128 .Ltmp13-.Lfunc_begin0          #     jumps to .Ltmp13
	.byte	0                               #   On action: cleanup
	.uleb128 .Ltmp12-.Lfunc_begin0          # >> Call Site 6 <<
	.uleb128 .Ltmp14-.Ltmp12                #   Call between .Ltmp12 and .Ltmp14
	.byte	0                               #     has no landing pad
	.byte	0                               #   On action: cleanup
	.uleb128 .Ltmp14-.Lfunc_begin0          # >> Call Site 7 <<
	.uleb128 .Ltmp17-.Ltmp14                #   Call between .Ltmp14 and .Ltmp17
	.uleb128 .Ltmp18-.Lfunc_begin0          #     jumps to .Ltmp18
	.byte	0                               #   On action: cleanup
	.uleb128 .Ltmp17-.Lfunc_begin0          # >> Call Site 8 <<
	.uleb128 .Lfunc_end0-.Ltmp17            #   Call between .Ltmp17 and .Lfunc_end0
	.byte	0                               #     has no landing pad
	.byte	0                               #   On action: cleanup
.Lcst_end0:
	.p2align	2
                                        # -- End function
	.text
	.p2align	4, 0x90                         # -- Begin function _ZL7producev
	.type	_ZL7producev,@function
_ZL7producev:                           # @_ZL7producev
	.cfi_startproc
# %bb.0:
	pushq	%r15
	.cfi_def_cfa_offset 16
	pushq	%r14
	.cfi_def_cfa_offset 24
	pushq	%r13
	.cfi_def_cfa_offset 32
	pushq	%r12
	.cfi_def_cfa_offset 40
	pushq	%rbx
	.cfi_def_cfa_offset 48
	.cfi_offset %rbx, -48
	.cfi_offset %r12, -40
	.cfi_offset %r13, -32
	.cfi_offset %r14, -24
	.cfi_offset %r15, -16
	movq	40(%rsp), %rdi
	callq	__tsan_func_entry@PLT
	leaq	_ZL5ready(%rip), %rbx
	movq	%rbx, %rdi
	movl	$1, %esi
	movl	$5, %edx
	callq	__tsan_atomic32_fetch_add@PLT
	.p2align	4, 0x90
.LBB1_1:                                # =>This Inner Loop Header: Depth=1
	movq	%rbx, %rdi
	movl	$5, %esi
	callq	__tsan_atomic32_load@PLT
	movl	_ZL5ready(%rip), %ecx
	cmpl	$2, %eax
	jl	.LBB1_1
# %bb.2:
	leaq	_ZL4done(%rip), %rdi
	xorl	%esi, %esi
	callq	__tsan_atomic32_load@PLT
	movl	_ZL4done(%rip), %ecx
	cmpl	$1, %eax
	jg	.LBB1_7
# %bb.3:
	leaq	_ZL2hq(%rip), %r14
	movq	%r14, %rdi
	callq	__tsan_read8@PLT
	movl	$19999, %ebx                    # imm = 0x4E1F
	movq	_ZL2hq(%rip), %r13
	leaq	gq(%rip), %r15
	leaq	_ZL4done(%rip), %r12
	jmp	.LBB1_4
	.p2align	4, 0x90
.LBB1_6:                                #   in Loop: Header=BB1_4 Depth=1
	movq	%r12, %rdi
	xorl	%esi, %esi
	callq	__tsan_atomic32_load@PLT
	movl	_ZL4done(%rip), %ecx
	cmpl	$2, %eax
	jge	.LBB1_7
.LBB1_4:                                # =>This Inner Loop Header: Depth=1
	movl	$1, %esi
	movq	%r15, %rdi
	xorl	%edx, %edx
	callq	__tsan_atomic64_fetch_add@PLT
	movl	$1, %esi
	movq	%r13, %rdi
	xorl	%edx, %edx
	callq	__tsan_atomic64_fetch_add@PLT
	subq	$1, %rbx
	jae	.LBB1_6
# %bb.5:                                #   in Loop: Header=BB1_4 Depth=1
	movq	%r12, %rdi
	movl	$1, %esi
	movl	$5, %edx
	callq	__tsan_atomic32_fetch_add@PLT
	movq	%r14, %rdi
	callq	__tsan_read8@PLT
	movq	_ZL2hq(%rip), %r13
	jmp	.LBB1_6
.LBB1_7:
	callq	__tsan_func_exit@PLT
	popq	%rbx
	.cfi_def_cfa_offset 40
	popq	%r12
	.cfi_def_cfa_offset 32
	popq	%r13
	.cfi_def_cfa_offset 24
	popq	%r14
	.cfi_def_cfa_offset 16
	popq	%r15
	.cfi_def_cfa_offset 8
	retq
.Lfunc_end1:
	.size	_ZL7producev, .Lfunc_end1-_ZL7producev
	.cfi_endproc
                                        # -- End function
	.section	.text._ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEED0Ev,"axG",@progbits,_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEED0Ev,comdat
	.weak	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEED0Ev # -- Begin function _ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEED0Ev
	.p2align	4, 0x90
	.type	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEED0Ev,@function
_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEED0Ev: # @_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEED0Ev
	.cfi_startproc
# %bb.0:
	pushq	%rbx
	.cfi_def_cfa_offset 16
	.cfi_offset %rbx, -16
	movq	%rdi, %rbx
	movq	8(%rsp), %rdi
	callq	__tsan_func_entry@PLT
	movq	%rbx, %rdi
	callq	_ZNSt6thread6_StateD2Ev@PLT
	movq	%rbx, %rdi
	callq	_ZdlPv@PLT
	callq	__tsan_func_exit@PLT
	popq	%rbx
	.cfi_def_cfa_offset 8
	retq
.Lfunc_end2:
	.size	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEED0Ev, .Lfunc_end2-_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEED0Ev
	.cfi_endproc
                                        # -- End function
	.section	.text._ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEE6_M_runEv,"axG",@progbits,_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEE6_M_runEv,comdat
	.weak	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEE6_M_runEv # -- Begin function _ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEE6_M_runEv
	.p2align	4, 0x90
	.type	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEE6_M_runEv,@function
_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEE6_M_runEv: # @_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEE6_M_runEv
.Lfunc_begin1:
	.cfi_startproc
	.cfi_personality 155, DW.ref.__gcc_personality_v0
	.cfi_lsda 27, .Lexception1
# %bb.0:
	pushq	%rbx
	.cfi_def_cfa_offset 16
	.cfi_offset %rbx, -16
	movq	%rdi, %rbx
	movq	8(%rsp), %rdi
	callq	__tsan_func_entry@PLT
	leaq	8(%rbx), %rdi
	callq	__tsan_read8@PLT
.Ltmp19:
	callq	*8(%rbx)
.Ltmp20:
# %bb.1:
	callq	__tsan_func_exit@PLT
	popq	%rbx
	.cfi_def_cfa_offset 8
	retq
.LBB3_2:
	.cfi_def_cfa_offset 16
.Ltmp21:
	movq	%rax, %rbx
	callq	__tsan_func_exit@PLT
	movq	%rbx, %rdi
	callq	_Unwind_Resume@PLT
.Lfunc_end3:
	.size	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEE6_M_runEv, .Lfunc_end3-_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEE6_M_runEv
	.cfi_endproc
	.section	.gcc_except_table._ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEE6_M_runEv,"aG",@progbits,_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEE6_M_runEv,comdat
	.p2align	2
GCC_except_table3:
.Lexception1:
	.byte	255                             # @LPStart Encoding = omit
	.byte	255                             # @TType Encoding = omit
	.byte	1                               # Call site Encoding = uleb128
	.uleb128 .Lcst_end1-.Lcst_begin1
.Lcst_begin1:
	.uleb128 .Ltmp19-.Lfunc_begin1          # >> Call Site 1 <<
	.uleb128 .Ltmp20-.Ltmp19                #   Call between .Ltmp19 and .Ltmp20
	.uleb128 .Ltmp21-.Lfunc_begin1          #     jumps to .Ltmp21
	.byte	0                               #   On action: cleanup
	.uleb128 .Ltmp20-.Lfunc_begin1          # >> Call Site 2 <<
	.uleb128 .Lfunc_end3-.Ltmp20            #   Call between .Ltmp20 and .Lfunc_end3
	.byte	0                               #     has no landing pad
	.byte	0                               #   On action: cleanup
.Lcst_end1:
	.p2align	2
                                        # -- End function
	.text
	.p2align	4, 0x90                         # -- Begin function _ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEED0Ev
	.type	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEED0Ev,@function
_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEED0Ev: # @"_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEED0Ev"
	.cfi_startproc
# %bb.0:
	pushq	%rbx
	.cfi_def_cfa_offset 16
	.cfi_offset %rbx, -16
	movq	%rdi, %rbx
	movq	8(%rsp), %rdi
	callq	__tsan_func_entry@PLT
	movq	%rbx, %rdi
	callq	_ZNSt6thread6_StateD2Ev@PLT
	movq	%rbx, %rdi
	callq	_ZdlPv@PLT
	callq	__tsan_func_exit@PLT
	popq	%rbx
	.cfi_def_cfa_offset 8
	retq
.Lfunc_end4:
	.size	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEED0Ev, .Lfunc_end4-_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEED0Ev
	.cfi_endproc
                                        # -- End function
	.p2align	4, 0x90                         # -- Begin function _ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEE6_M_runEv
	.type	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEE6_M_runEv,@function
_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEE6_M_runEv: # @"_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEE6_M_runEv"
	.cfi_startproc
# %bb.0:
	pushq	%r15
	.cfi_def_cfa_offset 16
	pushq	%r14
	.cfi_def_cfa_offset 24
	pushq	%r13
	.cfi_def_cfa_offset 32
	pushq	%r12
	.cfi_def_cfa_offset 40
	pushq	%rbx
	.cfi_def_cfa_offset 48
	.cfi_offset %rbx, -48
	.cfi_offset %r12, -40
	.cfi_offset %r13, -32
	.cfi_offset %r14, -24
	.cfi_offset %r15, -16
	movq	40(%rsp), %rdi
	callq	__tsan_func_entry@PLT
	leaq	_ZL5ready(%rip), %rbx
	movq	%rbx, %rdi
	movl	$1, %esi
	movl	$5, %edx
	callq	__tsan_atomic32_fetch_add@PLT
	.p2align	4, 0x90
.LBB5_1:                                # =>This Inner Loop Header: Depth=1
	movq	%rbx, %rdi
	movl	$5, %esi
	callq	__tsan_atomic32_load@PLT
	movl	_ZL5ready(%rip), %ecx
	cmpl	$2, %eax
	jl	.LBB5_1
# %bb.2:
	leaq	_ZL4done(%rip), %rdi
	xorl	%esi, %esi
	callq	__tsan_atomic32_load@PLT
	movl	_ZL4done(%rip), %ecx
	cmpl	$1, %eax
	jg	.LBB5_7
# %bb.3:
	leaq	_ZL2hq(%rip), %r14
	movq	%r14, %rdi
	callq	__tsan_read8@PLT
	movl	$19999, %r13d                   # imm = 0x4E1F
	movq	_ZL2hq(%rip), %rbx
	leaq	gq+8(%rip), %r15
	leaq	_ZL4done(%rip), %r12
	jmp	.LBB5_4
	.p2align	4, 0x90
.LBB5_6:                                #   in Loop: Header=BB5_4 Depth=1
	movq	%r12, %rdi
	xorl	%esi, %esi
	callq	__tsan_atomic32_load@PLT
	movl	_ZL4done(%rip), %ecx
	cmpl	$2, %eax
	jge	.LBB5_7
.LBB5_4:                                # =>This Inner Loop Header: Depth=1
	movq	%r15, %rdi
	xorl	%esi, %esi
	callq	__tsan_atomic64_load@PLT
	movq	gq+8(%rip), %rax
	leaq	8(%rbx), %rdi
	xorl	%esi, %esi
	callq	__tsan_atomic64_load@PLT
	movq	8(%rbx), %rax
	subq	$1, %r13
	jae	.LBB5_6
# %bb.5:                                #   in Loop: Header=BB5_4 Depth=1
	movq	%r12, %rdi
	movl	$1, %esi
	movl	$5, %edx
	callq	__tsan_atomic32_fetch_add@PLT
	movq	%r14, %rdi
	callq	__tsan_read8@PLT
	movq	_ZL2hq(%rip), %rbx
	jmp	.LBB5_6
.LBB5_7:
	callq	__tsan_func_exit@PLT
	popq	%rbx
	.cfi_def_cfa_offset 40
	popq	%r12
	.cfi_def_cfa_offset 32
	popq	%r13
	.cfi_def_cfa_offset 24
	popq	%r14
	.cfi_def_cfa_offset 16
	popq	%r15
	.cfi_def_cfa_offset 8
	retq
.Lfunc_end5:
	.size	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEE6_M_runEv, .Lfunc_end5-_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEE6_M_runEv
	.cfi_endproc
                                        # -- End function
	.section	.text.tsan.module_ctor,"axR",@progbits
	.p2align	4, 0x90                         # -- Begin function tsan.module_ctor
	.type	tsan.module_ctor,@function
tsan.module_ctor:                       # @tsan.module_ctor
	.cfi_startproc
# %bb.0:
	pushq	%rax
	.cfi_def_cfa_offset 16
	callq	__tsan_init@PLT
	popq	%rax
	.cfi_def_cfa_offset 8
	retq
.Lfunc_end6:
	.size	tsan.module_ctor, .Lfunc_end6-tsan.module_ctor
	.cfi_endproc
                                        # -- End function
	.type	gq,@object                      # @gq
	.bss
	.globl	gq
	.p2align	3
gq:
	.zero	32
	.size	gq, 32

	.type	.L.str,@object                  # @.str
	.section	.rodata.str1.1,"aMS",@progbits,1
.L.str:
	.asciz	"w"
	.size	.L.str, 2

	.type	_ZL2hq,@object                  # @_ZL2hq
	.local	_ZL2hq
	.comm	_ZL2hq,8,8
	.type	_ZL5ready,@object               # @_ZL5ready
	.local	_ZL5ready
	.comm	_ZL5ready,4,4
	.type	_ZL4done,@object                # @_ZL4done
	.local	_ZL4done
	.comm	_ZL4done,4,4
	.type	_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE,@object # @_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE
	.section	.data.rel.ro._ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE,"aGw",@progbits,_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE,comdat
	.weak	_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE
	.p2align	3
_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE:
	.quad	0
	.quad	_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE
	.quad	_ZNSt6thread6_StateD2Ev
	.quad	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEED0Ev
	.quad	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEE6_M_runEv
	.size	_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE, 40

	.type	_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE,@object # @_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE
	.section	.rodata._ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE,"aG",@progbits,_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE,comdat
	.weak	_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE
_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE:
	.asciz	"NSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE"
	.size	_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE, 59

	.type	_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE,@object # @_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE
	.section	.data.rel.ro._ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE,"aGw",@progbits,_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE,comdat
	.weak	_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE
	.p2align	3
_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE:
	.quad	_ZTVN10__cxxabiv120__si_class_type_infoE+16
	.quad	_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE
	.quad	_ZTINSt6thread6_StateE
	.size	_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE, 24

	.type	_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE,@object # @"_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE"
	.section	.data.rel.ro,"aw",@progbits
	.p2align	3
_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE:
	.quad	0
	.quad	_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE
	.quad	_ZNSt6thread6_StateD2Ev
	.quad	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEED0Ev
	.quad	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEE6_M_runEv
	.size	_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE, 40

	.type	_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE,@object # @"_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE"
	.section	.rodata,"a",@progbits
_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE:
	.asciz	"NSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE"
	.size	_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE, 65

	.type	_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE,@object # @"_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE"
	.section	.data.rel.ro,"aw",@progbits
	.p2align	3
_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE:
	.quad	_ZTVN10__cxxabiv120__si_class_type_infoE+16
	.quad	_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE
	.quad	_ZTINSt6thread6_StateE
	.size	_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE, 24

	.section	.init_array.0,"aw",@init_array
	.p2align	3
	.quad	tsan.module_ctor
	.hidden	DW.ref.__gxx_personality_v0
	.weak	DW.ref.__gxx_personality_v0
	.section	.data.DW.ref.__gxx_personality_v0,"aGw",@progbits,DW.ref.__gxx_personality_v0,comdat
	.p2align	3
	.type	DW.ref.__gxx_personality_v0,@object
	.size	DW.ref.__gxx_personality_v0, 8
DW.ref.__gxx_personality_v0:
	.quad	__gxx_personality_v0
	.hidden	DW.ref.__gcc_personality_v0
	.weak	DW.ref.__gcc_personality_v0
	.section	.data.DW.ref.__gcc_personality_v0,"aGw",@progbits,DW.ref.__gcc_personality_v0,comdat
	.p2align	3
	.type	DW.ref.__gcc_personality_v0,@object
	.size	DW.ref.__gcc_personality_v0, 8
DW.ref.__gcc_personality_v0:
	.quad	__gcc_personality_v0
	.ident	"Debian clang version 14.0.6"
	.section	".note.GNU-stack","",@progbits
	.addrsig
	.addrsig_sym _ZL7producev
	.addrsig_sym __gxx_personality_v0
	.addrsig_sym __tsan_init
	.addrsig_sym tsan.module_ctor
	.addrsig_sym __tsan_func_entry
	.addrsig_sym __tsan_func_exit
	.addrsig_sym __tsan_atomic32_load
	.addrsig_sym __tsan_atomic32_fetch_add
	.addrsig_sym __tsan_read8
	.addrsig_sym __tsan_write8
	.addrsig_sym __tsan_atomic64_load
	.addrsig_sym __tsan_atomic64_fetch_add
	.addrsig_sym __tsan_vptr_update
	.addrsig_sym __tsan_vptr_read
	.addrsig_sym memset
	.addrsig_sym __gcc_personality_v0
	.addrsig_sym _Unwind_Resume
	.addrsig_sym gq
	.addrsig_sym _ZL5ready
	.addrsig_sym _ZL4done
	.addrsig_sym _ZTVN10__cxxabiv120__si_class_type_infoE
	.addrsig_sym _ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE
	.addrsig_sym _ZTINSt6thread6_StateE
	.addrsig_sym _ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE
	.addrsig_sym _ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE
	.addrsig_sym _ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE
